import { type MouseEvent, type PointerEvent, useRef } from 'react'

/** How far (px) a pointer must travel sideways to count as a swipe; anything shorter stays a tap. */
export const SWIPE_MIN_PX = 40

/**
 * Pointer handlers for a track that swipes: left calls `onSwipe(1)` (next), right `onSwipe(-1)`.
 * Mostly vertical moves are left to the page (with `touch-action: pan-y` on the track the browser
 * scrolls and cancels the pointer). The click that ends a mouse drag is swallowed so a swipe never
 * follows the link it started on; a keyboard click (detail 0) always goes through.
 */
export function useSwipe(onSwipe: (step: 1 | -1) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null)
  const swiped = useRef(false)
  return {
    onPointerDown(event: PointerEvent) {
      swiped.current = false
      start.current = event.isPrimary ? { id: event.pointerId, x: event.clientX, y: event.clientY } : null
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current
      start.current = null
      if (!from || from.id !== event.pointerId) return
      const dx = event.clientX - from.x
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(event.clientY - from.y)) return
      swiped.current = true
      onSwipe(dx < 0 ? 1 : -1)
    },
    onPointerCancel() {
      start.current = null
    },
    onClickCapture(event: MouseEvent) {
      if (!swiped.current || event.detail === 0) return
      swiped.current = false
      event.preventDefault()
      event.stopPropagation()
    },
  }
}

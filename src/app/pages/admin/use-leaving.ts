import { type RefObject, useEffect, useRef } from 'react'

/**
 * Calls `onLeave` when focus has left `area` (the editor's text, its toolbar) and stayed out, the picture
 * dialog counting as inside. A click is judged once it is over: a message appearing under a pressed button
 * (Save Post) would move it from under the pointer. A toolbar that hands focus back to the text (as Safari's
 * buttons do on click) or a window that lost focus (another app, the file picker) is still writing.
 */
export function useLeaving(area: RefObject<HTMLElement | null>, onLeave: (() => void) | undefined) {
  const onLeaveRef = useRef(onLeave)
  onLeaveRef.current = onLeave
  // The area's element is there from the first render and stays: listened to once.
  useEffect(() => {
    const wrapper = area.current
    if (!wrapper) return
    let pointerDown = false
    let pending = false
    let disposed = false
    const judge = () => {
      if (disposed || !pending) return
      pending = false
      const active = document.activeElement
      if (wrapper.contains(active) || active?.closest('dialog, [role="dialog"]')) return
      onLeaveRef.current?.()
    }
    const leave = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && wrapper.contains(event.relatedTarget)) return
      pending = true
      if (!pointerDown) setTimeout(judge)
    }
    const down = (event: PointerEvent) => {
      if (event.button === 0) pointerDown = true
    }
    // The press is over however it ended: released, taken over by a scroll or a drag, a menu, the window left.
    const over = () => {
      pointerDown = false
      if (pending) setTimeout(judge)
    }
    const pressEnds = ['pointerup', 'pointercancel', 'dragend', 'contextmenu', 'keydown'] as const
    wrapper.addEventListener('focusout', leave)
    document.addEventListener('pointerdown', down, true)
    for (const type of pressEnds) document.addEventListener(type, over, true)
    window.addEventListener('blur', over)
    return () => {
      disposed = true
      wrapper.removeEventListener('focusout', leave)
      document.removeEventListener('pointerdown', down, true)
      for (const type of pressEnds) document.removeEventListener(type, over, true)
      window.removeEventListener('blur', over)
    }
  }, [area])
}

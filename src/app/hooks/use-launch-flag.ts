import { useSyncExternalStore } from 'react'
import { LAUNCH_CHECK_INTERVAL_MS, LAUNCH_DATE_UNIX } from '../../shared/constants'
import { useRequestInfo } from '../request-info'

export const hasLaunched = (nowMs: number) => nowMs >= LAUNCH_DATE_UNIX * 1000

let launched: boolean | null = null
let timer: ReturnType<typeof setInterval> | undefined
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (launched === null) launched = hasLaunched(Date.now())
  if (!launched && !timer) {
    // Checked once a second until the date passes, then the timer stops for good.
    timer = setInterval(() => {
      if (!hasLaunched(Date.now())) return
      launched = true
      clearInterval(timer)
      timer = undefined
      for (const listener of listeners) listener()
    }, LAUNCH_CHECK_INTERVAL_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/**
 * The spec's launch flag: false until the launch date, then true. Only the component that reads it
 * re-renders when it flips. The server snapshot uses the request's time so hydration matches.
 */
export function useLaunchFlag(): boolean {
  const { now } = useRequestInfo()
  return useSyncExternalStore(
    subscribe,
    () => launched ?? hasLaunched(now),
    () => hasLaunched(now),
  )
}

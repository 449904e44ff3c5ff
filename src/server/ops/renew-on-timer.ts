/**
 * Keeps something alive while work runs (a claim on rows or on a backup), or does periodic work (the search
 * index merge): `renew` runs every `everyMs`, one at a time. `now()` runs it at once, or joins the renewal under
 * way; `again()` runs it at once, or once more after the renewal under way, which may have begun before what
 * calls for it. `stop()` ends the timer and waits for a renewal under way or called for, so none lands after
 * what the caller does next, and `again()` does nothing after it. A renewal that fails on the timer is told to
 * `onError`; the next tick tries again.
 */
export function renewOnTimer(renew: () => Promise<void>, everyMs: number, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null
  let queued: Promise<void> | null = null
  let stopped = false
  const now = (): Promise<void> => {
    running ??= renew().finally(() => {
      running = null
    })
    return running
  }
  const again = (): Promise<void> => {
    if (stopped) return Promise.resolve()
    if (!running) return now()
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null
        return stopped ? undefined : now()
      })
    return queued
  }
  const timer = setInterval(() => now().catch(onError), everyMs)
  return {
    now,
    again,
    async stop(): Promise<void> {
      stopped = true
      clearInterval(timer)
      await Promise.all([running?.catch(() => undefined), queued?.catch(() => undefined)])
    },
  }
}

/**
 * Keeps something alive while work runs (a claim on rows or on a backup), or does periodic work (the search
 * index merge): `renew` runs every `everyMs`, one at a time. `now()` runs it at once, or joins the renewal under way. `stop()` ends the timer and waits for
 * a renewal under way, so none lands after what the caller does next. A renewal that fails on the timer is
 * told to `onError`; the next tick tries again.
 */
export function renewOnTimer(renew: () => Promise<void>, everyMs: number, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null
  const now = (): Promise<void> => {
    running ??= renew().finally(() => {
      running = null
    })
    return running
  }
  const timer = setInterval(() => now().catch(onError), everyMs)
  return {
    now,
    async stop(): Promise<void> {
      clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}

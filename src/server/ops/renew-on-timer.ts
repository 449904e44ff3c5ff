/**
 * Keeps something alive while work runs (a claim on rows or on a backup), or does periodic work (the search
 * index merge): `renew` runs every `everyMs`, one at a time. `now()` runs it at once, or joins the renewal under
 * way; `again()` runs it at once, or once more after the renewal under way, which may have begun before what
 * calls for it. `stop()` ends the timer and waits for a renewal under way, so none lands after what the caller
 * does next, and `again()` does nothing after it. A renewal that fails on the timer or for `again()` is told to
 * `onError`, once; the next tick tries again.
 */
export function renewOnTimer(renew: () => Promise<void>, everyMs: number, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null
  /** The run `again()` asked for, and the one it waits to follow. */
  let queued: { after: Promise<void>; run: Promise<void> } | null = null
  let stopped = false
  const now = (): Promise<void> => {
    running ??= renew().finally(() => {
      running = null
    })
    return running
  }
  const again = (): Promise<void> => {
    if (stopped) return Promise.resolve()
    if (!running) return now().catch(onError)
    // Asked for again during the same run: the run already asked for begins after it too.
    if (queued?.after === running) return queued.run
    const after = running
    const run = after
      .catch(() => undefined)
      .then(() => {
        if (queued?.after === after) queued = null
        return stopped ? undefined : now()
      })
      .catch(onError)
    queued = { after, run }
    return run
  }
  const timer = setInterval(() => now().catch(onError), everyMs)
  return {
    now,
    again,
    async stop(): Promise<void> {
      stopped = true
      clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}

/**
 * A process's periodic work (the webhook and newsletter loops): `start()` starts the timer and a first run, which
 * it returns (the server does not wait for it); `wake()` runs it now, or once more after a run under way
 * (`again()`); `stop()` ends it. A run that fails is told to `onError`.
 */
export function loopOnTimer(run: () => Promise<void>, everyMs: number, onError: (error: unknown) => void) {
  let timer: ReturnType<typeof renewOnTimer> | null = null
  return {
    start(): Promise<void> {
      timer = renewOnTimer(run, everyMs, onError)
      return timer.now().catch(onError)
    },
    wake() {
      void timer?.again()
    },
    stop: () => timer?.stop() ?? Promise.resolve(),
  }
}

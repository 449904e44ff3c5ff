import { ANALYTICS_FLUSH_MS, dayOf } from '../../../shared/analytics'
import type { Database } from '../../db/client'
import { forgetVisitors, type HeldEvent, writeCounts } from './counts'
import { onKnownPages } from './known-pages'

/** Events held while the database cannot take them: past this, new ones are dropped (a flood must not fill memory). */
const HELD_MAX = 10_000
/** Events a transaction adds: a short hold of the write lock, which other writers wait for. */
const EVENTS_A_WRITE = 1000
/**
 * A day's visitors are forgotten this long after midnight: views another process held at midnight are
 * written first, against the visitors it has seen.
 */
const FORGET_AFTER_MS = 60_000

/**
 * Counted events wait in memory and are added to the daily figures together every ANALYTICS_FLUSH_MS (and
 * on shutdown): a page view costs no write of its own, and a crash loses at most one interval. After each
 * write, the first of a new day (a minute past midnight) forgets the visitors of the days before (counts.ts),
 * once a day per process.
 */
export function createRecorder(
  db: Database,
  {
    clock,
    retentionDays,
    before,
    onNewDay,
    onError,
  }: {
    clock: () => number
    retentionDays: number
    /** Run before each write; false drops what is held (counting was turned off). */
    before: () => Promise<boolean>
    /** The days before were forgotten. */
    onNewDay: () => void
    onError: (error: unknown) => void
  },
) {
  let held: HeldEvent[] = []
  let forgotOn: string | null = null
  let flushing: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | null = null

  async function write() {
    if (!(await before())) held = []
    const events = held
    held = []
    let written = 0
    try {
      for (; written < events.length; written += EVENTS_A_WRITE)
        await writeCounts(db, await onKnownPages(db, events.slice(written, written + EVENTS_A_WRITE), clock()))
    } catch (error) {
      // Not written: they wait for the next flush, ahead of what came since.
      held = [...events.slice(written), ...held].slice(0, HELD_MAX)
      throw error
    }
    const forgetBefore = dayOf(clock() - FORGET_AFTER_MS)
    if (forgotOn !== forgetBefore) {
      await forgetVisitors(db, forgetBefore, dayOf(clock() - retentionDays * 86_400_000))
      forgotOn = forgetBefore
      onNewDay()
    }
  }

  /** Writes what is held; a call during a write waits for it and writes what came since. */
  async function flush(): Promise<void> {
    while (flushing) await flushing.catch(() => {})
    flushing = write().finally(() => {
      flushing = null
    })
    return flushing
  }

  return {
    add(event: HeldEvent) {
      if (held.length < HELD_MAX) held.push(event)
    },
    flush,
    start() {
      if (timer) return
      timer = setInterval(() => flush().catch(onError), ANALYTICS_FLUSH_MS)
      timer.unref?.()
      flush().catch(onError)
    },
    /** Stops the timer and writes everything held, the events counted meanwhile too. */
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      do await flush()
      while (held.length > 0)
    },
  }
}

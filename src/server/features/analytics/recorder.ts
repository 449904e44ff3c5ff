import { ANALYTICS_FLUSH_MS, dayOf } from '../../../shared/analytics'
import type { Database } from '../../db/client'
import { forgetVisitors, type HeldEvent, writeCounts } from './counts'
import { onKnownPages } from './known-pages'

/** Events held while the database cannot take them: past this, new ones are dropped (a flood must not fill memory). */
const HELD_MAX = 20_000

/**
 * Counted events wait in memory and are added to the daily figures together every ANALYTICS_FLUSH_MS (and
 * on shutdown): a page view costs no write of its own, and a crash loses at most one interval. After each
 * write, the first of a new day forgets the visitors of the days before (counts.ts), once a day per process.
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
    try {
      if (events.length > 0) await writeCounts(db, await onKnownPages(db, events))
    } catch (error) {
      // Not written: they wait for the next flush, ahead of what came since.
      held = [...events, ...held].slice(0, HELD_MAX)
      throw error
    }
    // After the write: the views held at midnight belong to the day that ends, and count for it.
    const today = dayOf(clock())
    if (forgotOn !== today) {
      await forgetVisitors(db, today, dayOf(clock() - retentionDays * 86_400_000))
      forgotOn = today
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

export type Recorder = ReturnType<typeof createRecorder>

import { sql } from 'drizzle-orm'
import { ANALYTICS_FLUSH_MS, dayOf } from '../../../shared/analytics'
import type { Database } from '../../db/client'
import type { analyticsEvents } from '../../db/schema'
import { rollUp } from './aggregates'
import type { CountedEvent } from './classify'

type Row = typeof analyticsEvents.$inferInsert

/** Events held while the database cannot take them: past this, new ones are dropped (a flood must not fill memory). */
const HELD_MAX = 50_000
/** Rows per INSERT. */
const BATCH = 5000

/**
 * The rows as one JSON parameter SQLite unpacks (json_each): a twentieth of the time of a statement with a
 * parameter per value, which drizzle builds and libSQL binds one by one (measured: 24 µs a row).
 */
function insertEvents(db: Database, rows: Row[]) {
  return db.run(
    sql`INSERT INTO analytics_events (day, visitor, event, path, entry, source, utm_source, utm_medium, utm_campaign, device, browser, os, job_id)
      SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8, value ->> 9, value ->> 10, value ->> 11, value ->> 12
      FROM json_each(${JSON.stringify(
        rows.map((row) => [
          row.day,
          row.visitor,
          row.event,
          row.path,
          row.entry ? 1 : 0,
          row.source,
          row.utmSource,
          row.utmMedium,
          row.utmCampaign,
          row.device,
          row.browser,
          row.os,
          row.jobId,
        ]),
      )})`,
  )
}

/**
 * Counted events wait in memory and are written together every ANALYTICS_FLUSH_MS (and on shutdown): a
 * page view costs no write of its own, and a crash loses at most one interval. Each flush then rolls the
 * days that have ended up (aggregates.ts), once per day per process.
 */
export function createRecorder(
  db: Database,
  {
    clock,
    retentionDays,
    before,
    onError,
  }: {
    clock: () => number
    retentionDays: number
    /** Run before each flush (the settings are read again). */
    before: () => Promise<unknown>
    onError: (error: unknown) => void
  },
) {
  let held: Row[] = []
  let rolledUpOn: string | null = null
  let flushing: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | null = null

  async function write() {
    await before()
    const rows = held
    held = []
    let written = 0
    try {
      for (; written < rows.length; written += BATCH) await insertEvents(db, rows.slice(written, written + BATCH))
    } catch (error) {
      // What was not written waits for the next flush, ahead of what came since.
      held = [...rows.slice(written), ...held].slice(0, HELD_MAX)
      throw error
    }
    // After the insert: the views held at midnight belong to the day that ends, and are rolled up with it.
    const today = dayOf(clock())
    if (rolledUpOn !== today) {
      await rollUp(db, today, dayOf(clock() - retentionDays * 86_400_000))
      rolledUpOn = today
    }
  }

  /** Writes what is held; concurrent calls share one write. */
  function flush(): Promise<void> {
    flushing ??= write().finally(() => {
      flushing = null
    })
    return flushing
  }

  return {
    add(event: CountedEvent, day: string, visitor: string) {
      if (held.length < HELD_MAX) held.push({ ...event, day, visitor })
    },
    flush,
    start() {
      if (timer) return
      timer = setInterval(() => flush().catch(onError), ANALYTICS_FLUSH_MS)
      timer.unref?.()
      flush().catch(onError)
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await flush()
    },
  }
}

export type Recorder = ReturnType<typeof createRecorder>

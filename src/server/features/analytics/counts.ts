import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { writeTransaction } from '../../db/write-transaction'
import { emptyWriteAheadLog } from '../../ops/erase'
import type { CountedEvent } from './classify'

/** An event as held until it is written: what it counts, its day, and its visitor's hash for that day. */
export interface HeldEvent extends CountedEvent {
  day: string
  visitor: string
}

/** One count of a day: `path` '' for the whole site, a page's path for that page alone. */
type Count = [day: string, path: string, kind: string, key: string]

/**
 * Counts whose visitors are not found through `analytics_seen`: nobody reads those of entries and job pages,
 * and a visitor (a hash of one user agent) has one device, browser and system a day, counted once it is new
 * to the site's total.
 */
const NOT_SEEN = new Set(['entry', 'job_view', 'device', 'browser', 'os'])
const ONE_A_VISITOR = ['device', 'browser', 'os'] as const

/** The campaign key: source, medium and campaign joined by a character a label never holds (classify.ts). */
const SEPARATOR = '\u001f'
export const campaignParts = (key: string) => key.split(SEPARATOR)

/**
 * What one event adds to: a view to the site's and its page's total, source and campaign, to the site's
 * entries, devices, browsers and systems, and to its job's views when `jobId` says whose page it is; an
 * application step to its job; a sign-up to its page.
 */
export function countsOf(event: HeldEvent, jobId: number | null): Count[] {
  const { day, path } = event
  const both = (kind: string, key: string): Count[] => [
    [day, '', kind, key],
    [day, path, kind, key],
  ]
  if (event.event === 'application_started' || event.event === 'application_submitted')
    return jobId === null
      ? []
      : [[day, '', event.event === 'application_started' ? 'job_started' : 'job_submitted', String(jobId)]]
  if (event.event === 'newsletter_signup') return [[day, '', 'signup', path]]
  const campaign = [event.utmSource, event.utmMedium, event.utmCampaign]
  return [
    ...both('total', ''),
    ...(event.entry ? [[day, '', 'entry', path] as Count] : []),
    ...(event.source ? both('source', event.source) : []),
    ...(campaign.some((part) => part !== null)
      ? both('campaign', campaign.map((part) => part ?? '').join(SEPARATOR))
      : []),
    [day, '', 'device', event.device],
    [day, '', 'browser', event.browser],
    [day, '', 'os', event.os],
    ...(jobId === null ? [] : [[day, '', 'job_view', String(jobId)] as Count]),
  ]
}

/**
 * Adds the events to the daily figures in one transaction: each count's views, and its visitors where
 * `analytics_seen` had not seen the visitor for it that day, so processes sharing the database count a
 * visitor once. Values go as one JSON parameter SQLite unpacks (json_each): drizzle's insert binds them one by
 * one, 24 µs a row.
 */
export async function writeCounts(db: Database, events: { event: HeldEvent; jobId: number | null }[]): Promise<void> {
  const views = new Map<string, [...Count, number]>()
  const visitors = new Map<string, [...Count, string]>()
  const described = new Map<string, HeldEvent>()
  for (const { event, jobId } of events) {
    described.set(event.visitor, event)
    for (const count of countsOf(event, jobId)) {
      const key = count.join('\u0000')
      const counted = views.get(key)
      if (counted) counted[4]++
      else views.set(key, [...count, 1])
      if (!NOT_SEEN.has(count[2])) visitors.set(`${key}\u0000${event.visitor}`, [...count, event.visitor])
    }
  }
  if (views.size === 0) return
  await writeTransaction(db, async (tx) => {
    await tx.run(
      sql`INSERT INTO analytics_daily (day, path, kind, key, views, visitors)
        SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, 0 FROM json_each(${JSON.stringify([...views.values()])}) WHERE true
        ON CONFLICT (day, path, kind, key) DO UPDATE SET views = views + excluded.views`,
    )
    const fresh = await tx.all<{ day: string; path: string; kind: string; key: string; visitor: string }>(
      sql`INSERT INTO analytics_seen (day, path, kind, key, visitor)
        SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(${JSON.stringify([...visitors.values()])}) WHERE true
        ON CONFLICT DO NOTHING RETURNING day, path, kind, key, visitor`,
    )
    const added = new Map<string, [...Count, number]>()
    const add = (...count: Count) => {
      const id = count.join('\u0000')
      const counted = added.get(id)
      if (counted) counted[4]++
      else added.set(id, [...count, 1])
    }
    for (const { day, path, kind, key, visitor } of fresh) {
      add(day, path, kind, key)
      // New to the site today: its device, browser and system have one more visitor.
      const event = described.get(visitor)
      if (path === '' && kind === 'total' && event) for (const one of ONE_A_VISITOR) add(day, '', one, event[one])
    }
    if (added.size > 0)
      await tx.run(
        // json_each has columns named key and path too: the table's are named in full.
        sql`UPDATE analytics_daily SET visitors = visitors + j.value ->> 4 FROM json_each(${JSON.stringify([...added.values()])}) AS j
          WHERE analytics_daily.day = j.value ->> 0 AND analytics_daily.path = j.value ->> 1
            AND analytics_daily.kind = j.value ->> 2 AND analytics_daily.key = j.value ->> 3`,
      )
  })
}

/**
 * The days before `today` forgotten: who was seen each day and the day's salt deleted (the database
 * overwrites freed space, db/overwriting-client.ts, and the write-ahead log is emptied), so that nothing on
 * disk can tell whose visit was whose; the daily figures stay, those older than the retention go. Several
 * processes may run it at once.
 */
export async function forgetVisitors(db: Database, today: string, keepSince: string): Promise<void> {
  const deleted = await writeTransaction(db, async (tx) => {
    const seen = await tx.run(sql`DELETE FROM analytics_seen WHERE day < ${today}`)
    const salts = await tx.run(sql`DELETE FROM analytics_salts WHERE day < ${today}`)
    await tx.run(sql`DELETE FROM analytics_daily WHERE day < ${keepSince}`)
    return seen.rowsAffected + salts.rowsAffected
  })
  // The log holds the deleted salt and hashes until it is checkpointed: with both, an address could be guessed.
  if (deleted > 0) await emptyWriteAheadLog(db)
}

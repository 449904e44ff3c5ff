import { type SQL, sql } from 'drizzle-orm'
import { dayOf } from '../../../shared/analytics'
import type { Database } from '../../db/client'
import { writeTransaction } from '../../db/write-transaction'
import { emptyWriteAheadLog } from '../../ops/erase'

/**
 * What is counted per day, from the day's events: each `kind` of count, for the whole site (`path` '')
 * and, where a page's own figures are asked for, per page. `views` counts events, `visitors` distinct
 * visitor hashes of the day.
 */
const VIEW = `event = 'view'`
const CAMPAIGN_KEY = `coalesce(utm_source, '') || char(31) || coalesce(utm_medium, '') || char(31) || coalesce(utm_campaign, '')`
const HAS_CAMPAIGN = `(utm_source IS NOT NULL OR utm_medium IS NOT NULL OR utm_campaign IS NOT NULL)`

/** [kind, key, which events, counted per page too] */
const COUNTS: [kind: string, key: string, filter: string, perPage: boolean][] = [
  ['total', `''`, VIEW, true],
  ['entry', 'path', `${VIEW} AND entry = 1`, false],
  ['source', 'source', `${VIEW} AND source IS NOT NULL`, true],
  ['campaign', CAMPAIGN_KEY, `${VIEW} AND ${HAS_CAMPAIGN}`, true],
  ['device', 'device', VIEW, true],
  ['browser', 'browser', VIEW, true],
  ['os', 'os', VIEW, true],
  ['job_started', 'CAST(job_id AS TEXT)', `event = 'application_started' AND job_id IS NOT NULL`, false],
  ['job_submitted', 'CAST(job_id AS TEXT)', `event = 'application_submitted' AND job_id IS NOT NULL`, false],
  ['signup', 'path', `event = 'newsletter_signup'`, false],
]

/** The campaign key's parts (source, medium, campaign), as CAMPAIGN_KEY joined them. */
export const campaignParts = (key: string) => key.split('\u001f')

const COUNTED = [
  ...COUNTS.flatMap(([kind, key, filter, perPage]) =>
    [`''`, ...(perPage ? ['path'] : [])].map(
      (path) =>
        `SELECT day, ${path} AS path, '${kind}' AS kind, ${key} AS key, count(*) AS views, count(DISTINCT visitor) AS visitors FROM e WHERE ${filter} GROUP BY day, ${path}, ${key}`,
    ),
  ),
  // A job page's views, by the job whose page it is now.
  `SELECT e.day, '' AS path, 'job_view' AS kind, CAST(jobs.id AS TEXT) AS key, count(*) AS views, count(DISTINCT e.visitor) AS visitors FROM e JOIN jobs ON e.path = '/jobs/' || jobs.slug WHERE e.${VIEW} GROUP BY e.day, jobs.id`,
].join(' UNION ALL ')

/** The events of the days from `from` to `to` counted as `analytics_daily` rows (columns day, path, kind, key, views, visitors). */
export const countedEvents = (from: string, to: string): SQL =>
  sql`WITH e AS (SELECT * FROM analytics_events WHERE day >= ${from} AND day <= ${to}) ${sql.raw(COUNTED)}`

/**
 * Every day before `today` rolled up: its events counted into `analytics_daily`, then the events and the
 * salts deleted (the database overwrites freed space: db/overwriting-client.ts, and the write-ahead log is
 * emptied), and figures older than the
 * retention deleted. Several processes may run it at once: the write lock makes the second find nothing to
 * count. Events a process flushes after their day was rolled up are added to it; a visitor in both parts is
 * then counted twice that day, which the flush interval keeps to the first seconds after midnight.
 */
export async function rollUp(db: Database, today: string, keepSince: string): Promise<void> {
  const deleted = await writeTransaction(db, async (tx) => {
    await tx.run(
      sql`INSERT INTO analytics_daily (day, path, kind, key, views, visitors) SELECT * FROM (${countedEvents('0000-00-00', dayOf(Date.parse(today) - 86_400_000))}) WHERE true ON CONFLICT (day, path, kind, key) DO UPDATE SET views = views + excluded.views, visitors = visitors + excluded.visitors`,
    )
    const events = await tx.run(sql`DELETE FROM analytics_events WHERE day < ${today}`)
    const salts = await tx.run(sql`DELETE FROM analytics_salts WHERE day < ${today}`)
    await tx.run(sql`DELETE FROM analytics_daily WHERE day < ${keepSince}`)
    return events.rowsAffected + salts.rowsAffected
  })
  // The log still holds the deleted salt and hashes until it is checkpointed: with both, an address could be guessed.
  if (deleted > 0) await emptyWriteAheadLog(db)
}

import { sql } from 'drizzle-orm'
import type { AnalyticsReport, JobFunnel } from '../../../shared/analytics'
import { daysBetween } from '../../../shared/analytics'
import type { Database } from '../../db/client'
import { campaignParts } from './counts'
import { inList } from './known-pages'

interface Count {
  kind: string
  key: string
  views: number
  visitors: number
}

/** The most rows a list of the report holds. */
const LIST_MAX = 100

const top = <T extends { visitors: number }>(rows: T[]) =>
  rows.sort((a, b) => b.visitors - a.visitors).slice(0, LIST_MAX)

/** The site's figures from `from` to `to` (both included), or one page's with `path`: from the daily figures alone. */
export async function analyticsReport(
  db: Database,
  from: string,
  to: string,
  path: string | null,
): Promise<AnalyticsReport> {
  const scope = path ?? ''
  const range = sql`day >= ${from} AND day <= ${to}`
  const [days, counts, pages, entries] = await Promise.all([
    db.all<{ day: string; views: number; visitors: number }>(
      sql`SELECT day, views, visitors FROM analytics_daily WHERE path = ${scope} AND kind = 'total' AND key = '' AND ${range}`,
    ),
    // The 100 largest of each kind, chosen in SQL: sources and campaigns are as many as visitors make up.
    db.all<Count>(
      sql`SELECT kind, key, views, visitors FROM (
          SELECT kind, key, sum(views) AS views, sum(visitors) AS visitors,
            row_number() OVER (PARTITION BY kind ORDER BY sum(visitors) DESC, key) AS place
          FROM analytics_daily WHERE path = ${scope} AND kind NOT IN ('total', 'entry') AND ${range} GROUP BY kind, key)
        WHERE place <= ${LIST_MAX}`,
    ),
    db.all<{ path: string; views: number; visitors: number }>(
      path === null
        ? sql`SELECT path, sum(views) AS views, sum(visitors) AS visitors FROM analytics_daily
            WHERE kind = 'total' AND path <> '' AND ${range} GROUP BY path ORDER BY views DESC, path LIMIT ${LIST_MAX}`
        : sql`SELECT path, sum(views) AS views, sum(visitors) AS visitors FROM analytics_daily
            WHERE path = ${path} AND kind = 'total' AND ${range} GROUP BY path`,
    ),
    db.all<{ key: string; views: number }>(
      sql`SELECT key, sum(views) AS views FROM analytics_daily WHERE path = '' AND kind = 'entry' AND ${range}${
        path === null ? sql`` : sql` AND key = ${path}`
      } GROUP BY key`,
    ),
  ])
  const byDay = new Map(days.map((day) => [day.day, day]))
  const entriesOf = new Map(entries.map((row) => [row.key, row.views]))
  const of = (kind: string) => counts.filter((count) => count.kind === kind)
  const total = days.reduce((sum, day) => ({ views: sum.views + day.views, visitors: sum.visitors + day.visitors }), {
    views: 0,
    visitors: 0,
  })
  return {
    from,
    to,
    path,
    ...total,
    days: daysBetween(from, to).map((date) => ({
      date,
      views: byDay.get(date)?.views ?? 0,
      visitors: byDay.get(date)?.visitors ?? 0,
    })),
    pages: pages.map((page) => ({ ...page, entries: entriesOf.get(page.path) ?? 0 })),
    referrers: top(of('source').map(({ key, visitors }) => ({ source: key, visitors }))),
    campaigns: top(
      of('campaign').map(({ key, visitors }) => {
        const [source = '', medium = '', campaign = ''] = campaignParts(key)
        return { source, medium, campaign, visitors }
      }),
    ),
    devices: top(of('device').map(({ key, visitors }) => ({ device: key, visitors }))),
    browsers: top(of('browser').map(({ key, visitors }) => ({ browser: key, visitors }))),
    systems: top(of('os').map(({ key, visitors }) => ({ os: key, visitors }))),
    signups: of('signup')
      .map(({ key, visitors }) => ({ path: key, signups: visitors }))
      .sort((a, b) => b.signups - a.signups)
      .slice(0, LIST_MAX),
  }
}

/**
 * Each job's funnel from `from` to `to`: its page's views, then the visitors who started its form and who
 * sent it (a visitor who starts twice in a day is one).
 */
export async function jobFunnels(db: Database, from: string, to: string): Promise<JobFunnel[]> {
  const [jobs, counts] = await Promise.all([
    db.all<{ id: number; title: string }>(sql`SELECT id, title FROM jobs`),
    db.all<Count>(
      sql`SELECT kind, key, sum(views) AS views, sum(visitors) AS visitors FROM analytics_daily
        WHERE path = '' AND kind IN ('job_view', 'job_started', 'job_submitted') AND day >= ${from} AND day <= ${to}
        GROUP BY kind, key`,
    ),
  ])
  const found = new Map(counts.map((row) => [`${row.kind} ${row.key}`, row]))
  const count = (kind: string, id: number, figure: 'views' | 'visitors') => found.get(`${kind} ${id}`)?.[figure] ?? 0
  return jobs
    .map(({ id, title }) => ({
      jobId: id,
      title,
      views: count('job_view', id, 'views'),
      started: count('job_started', id, 'visitors'),
      submitted: count('job_submitted', id, 'visitors'),
    }))
    .sort((a, b) => b.views - a.views || b.submitted - a.submitted || a.title.localeCompare(b.title))
}

/** Views and visitors of each of `paths` (at most ANALYTICS_PAGES_MAX), from `from` to `to`: the admin's post list. */
export async function pageFigures(
  db: Database,
  from: string,
  to: string,
  paths: string[],
): Promise<{ path: string; views: number; visitors: number }[]> {
  const rows = await db.all<{ path: string; views: number; visitors: number }>(
    sql`SELECT path, sum(views) AS views, sum(visitors) AS visitors FROM analytics_daily
      WHERE kind = 'total' AND path IN ${inList(paths)} AND day >= ${from} AND day <= ${to} GROUP BY path`,
  )
  const found = new Map(rows.map((row) => [row.path, row]))
  return paths.map((path) => found.get(path) ?? { path, views: 0, visitors: 0 })
}

import { sql } from 'drizzle-orm'
import type { AnalyticsReport, JobFunnel } from '../../../shared/analytics'
import { daysBetween } from '../../../shared/analytics'
import type { Database } from '../../db/client'
import { campaignParts, countedEvents } from './aggregates'

interface Count {
  path: string
  kind: string
  key: string
  views: number
  visitors: number
}

/** The most rows a list of the report holds. */
const LIST_MAX = 100

/** The figures of days already rolled up and of the events not yet rolled up, as one table. */
const figures = (from: string, to: string) =>
  sql`SELECT day, path, kind, key, views, visitors FROM analytics_daily WHERE day >= ${from} AND day <= ${to} UNION ALL SELECT * FROM (${countedEvents(from, to)})`

const top = <T extends { visitors: number }>(rows: T[]) =>
  rows.sort((a, b) => b.visitors - a.visitors).slice(0, LIST_MAX)

/** The site's figures from `from` to `to` (both included), or one page's with `path`. */
export async function analyticsReport(
  db: Database,
  from: string,
  to: string,
  path: string | null,
): Promise<AnalyticsReport> {
  const scope = path ?? ''
  const [days, counts] = await Promise.all([
    db.all<{ day: string; views: number; visitors: number }>(
      sql`SELECT day, sum(views) AS views, sum(visitors) AS visitors FROM (${figures(from, to)}) WHERE path = ${scope} AND kind = 'total' GROUP BY day`,
    ),
    db.all<Count>(
      sql`SELECT path, kind, key, sum(views) AS views, sum(visitors) AS visitors FROM (${figures(from, to)}) WHERE path = ${scope} OR (kind = 'total' AND ${scope} = '') GROUP BY path, kind, key`,
    ),
  ])
  const byDay = new Map(days.map((day) => [day.day, day]))
  const of = (kind: string) => counts.filter((count) => count.kind === kind && count.path === scope)
  const entries = new Map(of('entry').map((count) => [count.key, count.views]))
  const pages = counts
    .filter((count) => count.kind === 'total' && (path === null ? count.path !== '' : count.path === path))
    .map((count) => ({
      path: count.path,
      views: count.views,
      visitors: count.visitors,
      entries: entries.get(count.path) ?? 0,
    }))
    .sort((a, b) => b.views - a.views)
    .slice(0, LIST_MAX)
  const total = of('total')[0]
  return {
    from,
    to,
    path,
    views: total?.views ?? 0,
    visitors: total?.visitors ?? 0,
    days: daysBetween(from, to).map((date) => ({
      date,
      views: byDay.get(date)?.views ?? 0,
      visitors: byDay.get(date)?.visitors ?? 0,
    })),
    pages,
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
      .map(({ key, views }) => ({ path: key, signups: views }))
      .sort((a, b) => b.signups - a.signups)
      .slice(0, LIST_MAX),
  }
}

/** Each job's funnel from `from` to `to`: its page's views, application forms started and sent. */
export async function jobFunnels(db: Database, from: string, to: string): Promise<JobFunnel[]> {
  const [jobs, counts] = await Promise.all([
    db.all<{ id: number; title: string }>(sql`SELECT id, title FROM jobs`),
    db.all<Count>(
      sql`SELECT path, kind, key, sum(views) AS views, sum(visitors) AS visitors FROM (${figures(from, to)}) WHERE path = '' AND kind IN ('job_view', 'job_started', 'job_submitted') GROUP BY kind, key`,
    ),
  ])
  const count = (kind: string, id: number) =>
    counts.find((row) => row.kind === kind && row.key === String(id))?.views ?? 0
  return jobs
    .map(({ id, title }) => ({
      jobId: id,
      title,
      views: count('job_view', id),
      started: count('job_started', id),
      submitted: count('job_submitted', id),
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
    sql`SELECT path, sum(views) AS views, sum(visitors) AS visitors FROM (${figures(from, to)}) WHERE kind = 'total' AND path IN (${sql.join(
      paths.map((path) => sql`${path}`),
      sql`, `,
    )}) GROUP BY path`,
  )
  const found = new Map(rows.map((row) => [row.path, row]))
  return paths.map((path) => found.get(path) ?? { path, views: 0, visitors: 0 })
}

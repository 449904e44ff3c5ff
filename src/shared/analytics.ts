import { ANALYTICS_EVENT_PATH, ANALYTICS_EVENTS, type AnalyticsBeacon, type AnalyticsEvent } from './analytics-basics'

export * from './analytics-basics'

/**
 * First-party analytics (issue 42): what a page sends, what the admin reads, and the rules both sides
 * share. No cookie and no storage: a visitor is a hash of the day's salt, the site, the client and the
 * user agent, and the salt is destroyed when its day is over.
 */

export const ANALYTICS_API = {
  event: ANALYTICS_EVENT_PATH,
  report: '/api/admin/analytics',
  jobs: '/api/admin/analytics/jobs',
  settings: '/api/admin/analytics/settings',
  /** `?from&to&paths=/blog/a,/blog/b`: each page's views and visitors (the admin's post list). */
  pages: '/api/admin/analytics/pages',
} as const

/** The most pages one `pages` call asks about. */
export const ANALYTICS_PAGES_MAX = 100

export const ANALYTICS_URL_MAX_LENGTH = 2000
/** A UTM value or a referrer's host is cut to this. */
export const ANALYTICS_LABEL_MAX_LENGTH = 100

/** Aggregates older than this many days are deleted (ANALYTICS_RETENTION_DAYS): two years by default. */
export const ANALYTICS_RETENTION_DAYS_DEFAULT = 730
/** At most this long passes between a view and its row in the database (and a view is lost in a crash). */
export const ANALYTICS_FLUSH_MS = 5000
/** The longest range a report covers. */
export const ANALYTICS_RANGE_MAX_DAYS = 3660

export interface AnalyticsDay {
  date: string
  views: number
  visitors: number
}
export interface AnalyticsPage {
  path: string
  views: number
  visitors: number
  /** Visits that began on this page. */
  entries: number
}

/** `GET /api/admin/analytics?from&to[&path]`. */
export interface AnalyticsReport {
  from: string
  to: string
  path: string | null
  views: number
  /** The sum of each day's visitors: a visitor is known for one day only. */
  visitors: number
  days: AnalyticsDay[]
  pages: AnalyticsPage[]
  referrers: { source: string; visitors: number }[]
  campaigns: { source: string; medium: string; campaign: string; visitors: number }[]
  devices: { device: string; visitors: number }[]
  browsers: { browser: string; visitors: number }[]
  systems: { os: string; visitors: number }[]
  /** Newsletter sign-ups by the page they were made on. */
  signups: { path: string; signups: number }[]
}

/** `GET /api/admin/analytics/jobs?from&to`: each job's funnel. */
export interface JobFunnel {
  jobId: number
  title: string
  views: number
  started: number
  submitted: number
}

export interface AnalyticsSettings {
  /** The owner's switch. */
  enabled: boolean
  /** False when ANALYTICS=off: the switch cannot turn counting on. */
  allowedByServer: boolean
  retentionDays: number
}

export const ANALYTICS_MESSAGES = {
  badEvent: `Send { event, url, referrer?, jobId? }: event one of ${ANALYTICS_EVENTS.join(', ')}, url the page's path`,
  badRange: 'Choose dates as YYYY-MM-DD, the first not after the last, at most 10 years apart',
  badPath: 'The page must be a path starting with /',
  badPaths: `paths must be up to ${ANALYTICS_PAGES_MAX} paths starting with /, separated by commas`,
  badSettings: 'enabled must be true or false',
  loadFailed: 'The figures could not be loaded.',
  saved: 'Analytics settings saved',
  saveFailed: 'The analytics settings could not be saved.',
} as const

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A date the range accepts: the calendar's own (no 2026-02-30). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = []
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += 86_400_000)
    days.push(new Date(time).toISOString().slice(0, 10))
  return days
}

/** A checked range, or the message that says why not. */
export function readRange(from: unknown, to: unknown): { ok: true; from: string; to: string } | { ok: false } {
  if (!isDay(from) || !isDay(to) || from > to) return { ok: false }
  const span = (Date.parse(to) - Date.parse(from)) / 86_400_000
  return span < ANALYTICS_RANGE_MAX_DAYS ? { ok: true, from, to } : { ok: false }
}

/** The site's day (UTC, the site's time zone) of an instant. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export const ANALYTICS_PATH_MAX_LENGTH = 300

/** A beacon's body as checked (its keys already known to be among the four), or null. */
export function readBeacon(value: Record<string, unknown>): AnalyticsBeacon | null {
  const { event, url, referrer, jobId } = value
  if (typeof event !== 'string' || !(ANALYTICS_EVENTS as readonly string[]).includes(event)) return null
  if (typeof url !== 'string' || url.length > ANALYTICS_URL_MAX_LENGTH) return null
  if (referrer !== undefined && (typeof referrer !== 'string' || referrer.length > ANALYTICS_URL_MAX_LENGTH))
    return null
  if (jobId !== undefined && !(Number.isSafeInteger(jobId) && (jobId as number) > 0)) return null
  return {
    event: event as AnalyticsEvent,
    url,
    ...(referrer === undefined ? {} : { referrer: referrer as string }),
    ...(jobId === undefined ? {} : { jobId: jobId as number }),
  }
}

/** A page the report may be narrowed to, or null. */
export const readReportPath = (value: unknown): string | null =>
  typeof value === 'string' && value.startsWith('/') && value.length <= ANALYTICS_PATH_MAX_LENGTH
    ? value.toLowerCase()
    : null

/** The `paths` of a `pages` call, or null. */
export function readReportPaths(value: unknown): string[] | null {
  if (typeof value !== 'string' || value === '') return null
  const paths = value.split(',').map(readReportPath)
  return paths.length <= ANALYTICS_PAGES_MAX && paths.every((path) => path !== null)
    ? [...new Set(paths as string[])]
    : null
}

import { isDraftLinkPath, PAGES } from './paths'

/**
 * What every page's script needs of the analytics, for its beacon: what it may send, where, and which
 * pages are never counted. The rest (the admin's report, limits, messages) is in analytics.ts, which only
 * the admin and the server load.
 */

/** What a page tells the server. `view` is a page shown; the others are steps the studio wants counted. */
export const ANALYTICS_EVENTS = ['view', 'application_started', 'application_submitted', 'newsletter_signup'] as const
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number]

/** Where pages send their beacons (`navigator.sendBeacon`); answered 204 whether counted or not. */
export const ANALYTICS_EVENT_PATH = '/api/analytics/event'

export interface AnalyticsBeacon {
  event: AnalyticsEvent
  /** The page's address as the browser shows it (path and query: the UTM parameters are read from it). */
  url: string
  /** `document.referrer` on the first page of a visit; empty on the pages a visitor moves to within the site. */
  referrer?: string
  /** The job an application step belongs to. */
  jobId?: number
}

const UNCOUNTED = [PAGES.admin, PAGES.previewer, '/api']
/** A subscriber's page from an email: /subscribe/{step}/{secret}. */
const SUBSCRIBER_SECRET = /^\/subscribe\/[^/]+\/./

/**
 * The paths never counted: the staff's pages (the admin, the previewer), the API, and addresses that carry
 * a secret (draft links, a subscriber's pages), which must never reach the figures.
 */
export function isCountedPath(path: string): boolean {
  // The router reads /subscribe//confirm/… as /subscribe/confirm/…: so does this.
  const lower = path.toLowerCase().replace(/\/{2,}/g, '/')
  if (isDraftLinkPath(lower) || SUBSCRIBER_SECRET.test(lower)) return false
  return !UNCOUNTED.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`))
}

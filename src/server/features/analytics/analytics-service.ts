import { type AnalyticsBeacon, dayOf } from '../../../shared/analytics'
import type { Database } from '../../db/client'
import { createAnalyticsSettings } from './analytics-settings'
import { classify, optedOut } from './classify'
import { createRecorder } from './recorder'
import { analyticsReport, jobFunnels, pageFigures } from './report'
import { createVisitorHash } from './visitor-hash'

/**
 * Counting and reading the site's visits: an event is checked (consent, crawlers, the staff's pages),
 * given the day's visitor hash and held for the next flush; nothing else of the request is kept.
 */
export function createAnalytics(
  db: Database,
  {
    clock,
    origin,
    allowedByServer,
    retentionDays,
    onError,
  }: {
    clock: () => number
    /** The site's own origin: its host is no referrer, and it is part of every visitor's hash. */
    origin: string
    allowedByServer: boolean
    retentionDays: number
    onError: (error: unknown) => void
  },
) {
  const settings = createAnalyticsSettings(db, { allowedByServer, retentionDays, clock })
  const recorder = createRecorder(db, {
    clock,
    retentionDays,
    before: () => settings.refresh(),
    onError,
  })
  const visitors = createVisitorHash(db, origin)
  const ownHost = new URL(origin).hostname

  return {
    /** Counts the event when it may be counted; says whether it was. */
    async count(beacon: AnalyticsBeacon, request: Request, client: string): Promise<boolean> {
      if (!settings.counting() || optedOut(request.headers)) return false
      const userAgent = request.headers.get('user-agent') ?? ''
      // The request's own host is the site's too (without SITE_URL the configured origin is only localhost).
      const event = await classify(beacon, userAgent, [ownHost, new URL(request.url).hostname])
      if (!event) return false
      const day = dayOf(clock())
      recorder.add(event, day, await visitors.of(day, client, userAgent))
      return true
    },
    report: (from: string, to: string, path: string | null) => analyticsReport(db, from, to, path),
    jobs: (from: string, to: string) => jobFunnels(db, from, to),
    pages: (from: string, to: string, paths: string[]) => pageFigures(db, from, to, paths),
    settings: { read: settings.refresh, save: settings.save },
    /** Writes what is held now (tests; the timer does it every few seconds). */
    flush: recorder.flush,
    start: recorder.start,
    stop: recorder.stop,
  }
}

export type Analytics = ReturnType<typeof createAnalytics>

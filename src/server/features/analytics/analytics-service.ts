import { type AnalyticsBeacon, dayOf } from '../../../shared/analytics'
import type { Database } from '../../db/client'
import { clientNetwork, LIMIT_IPV6_PREFIX_DEFAULT } from '../../http/client-network'
import { createAnalyticsSettings } from './analytics-settings'
import { classify, optedOut } from './classify'
import { createRecorder } from './recorder'
import { analyticsReport, jobFunnels, pageFigures } from './report'
import { createVisitorHash } from './visitor-hash'

/**
 * Events a client may send a minute, per process: a reader sends one a page, an office behind one address a
 * few dozen; a script flooding the beacon is held to this, in memory only (no address is ever stored).
 */
const EVENTS_PER_CLIENT_MINUTE = 120
/** Clients remembered for that limit at once. */
const CLIENTS_KEPT = 50_000

/**
 * Counting and reading the site's visits: an event is checked (consent, crawlers, the site's public pages),
 * given the day's visitor hash and held for the next write; nothing else of the request is kept.
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
  const visitors = createVisitorHash(db, origin)
  const recorder = createRecorder(db, {
    clock,
    retentionDays,
    before: async () => (await settings.refresh()).enabled,
    onNewDay: visitors.forget,
    onError,
  })
  const ownHost = new URL(origin).hostname
  const perClient = new Map<string, number>()
  let minute = Math.floor(clock() / 60_000)
  const pending = new Set<Promise<unknown>>()

  /** Whether this client (an IPv6 network as one) may send another event this minute. */
  function withinLimit(client: string): boolean {
    const now = Math.floor(clock() / 60_000)
    if (now !== minute) {
      perClient.clear()
      minute = now
    }
    const network = clientNetwork(client, LIMIT_IPV6_PREFIX_DEFAULT)
    const sent = (perClient.get(network) ?? 0) + 1
    // Past that many clients in a minute, new ones wait for the next: the ones known keep their counts.
    if (sent === 1 && perClient.size >= CLIENTS_KEPT) return false
    perClient.set(network, sent)
    return sent <= EVENTS_PER_CLIENT_MINUTE
  }

  async function count(beacon: AnalyticsBeacon, request: Request, client: string): Promise<boolean> {
    if (!(await settings.counting()) || optedOut(request.headers) || !withinLimit(client)) return false
    const userAgent = request.headers.get('user-agent') ?? ''
    // The request's own host is the site's too (without SITE_URL the configured origin is only localhost).
    const event = await classify(beacon, userAgent, [ownHost, new URL(request.url).hostname])
    if (!event) return false
    const day = dayOf(clock())
    // A /64 is one household or one device whose temporary IPv6 addresses change during the day.
    recorder.add({ ...event, day, visitor: await visitors.of(day, clientNetwork(client, 64), userAgent) })
    return true
  }

  return {
    /** Counts the event when it may be counted; says whether it was. */
    count(beacon: AnalyticsBeacon, request: Request, client: string): Promise<boolean> {
      const counting = count(beacon, request, client)
      pending.add(counting)
      void counting.finally(() => pending.delete(counting)).catch(() => {})
      return counting
    },
    report: (from: string, to: string, path: string | null) => analyticsReport(db, from, to, path),
    jobs: (from: string, to: string) => jobFunnels(db, from, to),
    pages: (from: string, to: string, paths: string[]) => pageFigures(db, from, to, paths),
    settings: { read: settings.refresh, save: settings.save },
    /** Writes what is held now (tests; the timer does it every few seconds). */
    flush: recorder.flush,
    start: recorder.start,
    /** Waits for the events being counted, then writes everything (a graceful stop). */
    async stop() {
      await Promise.allSettled([...pending])
      await recorder.stop()
    },
  }
}

export type Analytics = ReturnType<typeof createAnalytics>

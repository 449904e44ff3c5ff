import type Bowser from 'bowser'
import {
  ANALYTICS_LABEL_MAX_LENGTH,
  ANALYTICS_URL_MAX_LENGTH,
  type AnalyticsBeacon,
  isCountedPath,
} from '../../../shared/analytics'

/** What one event is counted as, before the visitor's hash is added. */
export interface CountedEvent {
  event: AnalyticsBeacon['event']
  path: string
  entry: boolean
  source: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  device: string
  browser: string
  os: string
  jobId: number | null
}

/** The browser said it does not want to be tracked: Global Privacy Control, or the older Do Not Track. */
export const optedOut = (headers: Headers) =>
  headers.get('sec-gpc')?.trim() === '1' || headers.get('dnt')?.trim() === '1'

/** A UTM value or a host: lower case, so "Discord" and "discord" are one source. */
const label = (value: string | null | undefined) => name(value?.toLowerCase())

/** A name as given (a browser's, a system's), trimmed and cut short. */
const name = (value: string | null | undefined) => {
  const trimmed = value?.trim().slice(0, ANALYTICS_LABEL_MAX_LENGTH)
  return trimmed ? trimmed : null
}

const bare = (host: string) => host.toLowerCase().replace(/^www\./, '')

/** The referring site's host without `www.`, or null for none, the site itself or an address that is not a web page. */
export function referrerSource(referrer: string | undefined, ownHosts: string[]): string | null {
  if (!referrer) return null
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = bare(url.hostname)
  return ownHosts.some((own) => bare(own) === host) ? null : label(host)
}

// Loaded with the first event: none of the site's pages needs them, and start-up stays short (decision 0042).
let parsers: Promise<{ isbot: (ua: string) => boolean; parse: (ua: string) => Bowser.Parser.ParsedResult }> | null =
  null
const loadParsers = () => {
  parsers ??= Promise.all([import('isbot'), import('bowser')]).then(([bots, bowser]) => ({
    isbot: bots.isbot,
    parse: (ua: string) => bowser.default.parse(ua),
  }))
  return parsers
}

type Agent = Pick<CountedEvent, 'device' | 'browser' | 'os'> | null

/** User agents already read: visitors share a few hundred, and reading one costs more than the rest of a view. */
const agents = new Map<string, Agent>()
const AGENTS_KEPT = 1000

/** The device, browser and system a user agent names, or null for a crawler. */
async function agentOf(userAgent: string): Promise<Agent> {
  const known = agents.get(userAgent)
  if (known !== undefined) return known
  const { isbot, parse } = await loadParsers()
  let agent: Agent = null
  if (!isbot(userAgent)) {
    const parsed = parse(userAgent)
    agent = {
      device: label(parsed.platform.type) ?? 'unknown',
      browser: name(parsed.browser.name) ?? 'unknown',
      os: name(parsed.os.name) ?? 'unknown',
    }
  }
  if (agents.size >= AGENTS_KEPT) agents.clear()
  agents.set(userAgent, agent)
  return agent
}

/**
 * The event as it is counted, or null when it is not: a crawler or a client without a user agent, a page
 * the staff use, an address that is not the site's own page.
 */
export async function classify(
  beacon: AnalyticsBeacon,
  userAgent: string,
  /** The site's hosts: a referrer on one of them is no source. */
  ownHosts: string[],
): Promise<CountedEvent | null> {
  if (!userAgent || beacon.url.length > ANALYTICS_URL_MAX_LENGTH) return null
  if (!beacon.url.startsWith('/') || beacon.url.startsWith('//')) return null
  let url: URL
  try {
    url = new URL(beacon.url, 'http://site.invalid')
  } catch {
    return null
  }
  const path = url.pathname.toLowerCase()
  if (!isCountedPath(path)) return null
  const agent = await agentOf(userAgent)
  if (!agent) return null
  const landing = beacon.referrer !== undefined
  const source = referrerSource(beacon.referrer, ownHosts)
  const query = url.searchParams
  return {
    event: beacon.event,
    path,
    // A visit begins where the browser arrived from elsewhere (or from nowhere: a typed address, a bookmark).
    entry: beacon.event === 'view' && landing && (source !== null || !beacon.referrer),
    source: beacon.event === 'view' ? source : null,
    utmSource: label(query.get('utm_source')),
    utmMedium: label(query.get('utm_medium')),
    utmCampaign: label(query.get('utm_campaign')),
    ...agent,
    jobId: beacon.jobId ?? null,
  }
}

import type Bowser from 'bowser'
import {
  ANALYTICS_LABEL_MAX_LENGTH,
  ANALYTICS_PATH_MAX_LENGTH,
  ANALYTICS_URL_MAX_LENGTH,
  type AnalyticsBeacon,
} from '../../../shared/analytics'
import { SUBSCRIBE_OUTCOMES } from '../../../shared/newsletter'
import { PAGES } from '../../../shared/paths'
import { loadOnce } from '../../process/load-once'

/** What one event is counted as, before the visitor's hash is added. */
export interface CountedEvent {
  event: AnalyticsBeacon['event']
  path: string
  /** What the path must name to be counted (pages.ts checks it against the database), or null for a fixed page. */
  content: { kind: 'post' | 'tag' | 'author' | 'job' | 'event'; slug: string } | null
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

// Control characters (the campaign key's separator among them) and bidirectional overrides, which would
// reorder what the admin's tables show.
const UNSHOWN = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/** A name as given (a UTM value), without what cannot be shown, trimmed and cut short. */
const name = (value: string | null | undefined) => {
  const trimmed = value?.replace(UNSHOWN, '').trim().slice(0, ANALYTICS_LABEL_MAX_LENGTH)
  return trimmed ? trimmed : null
}

/** A UTM value or a host: lower case, so "Discord" and "discord" are one source. */
const label = (value: string | null | undefined) => name(value?.toLowerCase())

const bare = (host: string) => host.toLowerCase().replace(/^www\./, '')

/** Whether the referrer is one of the site's own pages (a visitor moving within it). */
const fromOwnSite = (referrer: string, ownHosts: string[]) => {
  try {
    const host = bare(new URL(referrer).hostname)
    return ownHosts.some((own) => bare(own) === host)
  } catch {
    return false
  }
}

/** The referring web site's host without `www.`, or null for none, the site itself or an address that is not a web page. */
function referrerSource(referrer: string | undefined, ownHosts: string[]): string | null {
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

const FIXED_PAGES = new Set<string>([
  PAGES.home,
  PAGES.blog,
  PAGES.jobs,
  PAGES.privacy,
  PAGES.event,
  '/subscribe',
  ...SUBSCRIBE_OUTCOMES.map((outcome) => `/subscribe/${outcome}`),
])
const CONTENT_PAGES: [RegExp, NonNullable<CountedEvent['content']>['kind']][] = [
  [/^\/blog\/tag\/([^/]+)$/, 'tag'],
  [/^\/blog\/author\/([^/]+)$/, 'author'],
  [/^\/jobs\/([^/]+)$/, 'job'],
  [/^\/events\/([^/]+)$/, 'event'],
  [/^\/blog\/([^/]+)$/, 'post'],
]

/** A slug as the site makes them (shared/slug.ts): lower-case letters, digits and dashes. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * The public page a path names, in the one spelling the site links to: one of the fixed pages (any case,
 * repeated or trailing slashes gone), or a post, tag, author, job or event page whose slug is a slug as written
 * (its existence is checked before counting). Anything else (the staff's pages, secret addresses, made-up
 * or percent-encoded spellings) is null and never counted, so one page is one row.
 */
function publicPage(pathname: string): Pick<CountedEvent, 'path' | 'content'> | null {
  if (pathname.length > ANALYTICS_PATH_MAX_LENGTH) return null
  const path = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
  if (FIXED_PAGES.has(path.toLowerCase())) return { path: path.toLowerCase(), content: null }
  for (const [pattern, kind] of CONTENT_PAGES) {
    const slug = pattern.exec(path)?.[1]
    if (slug && SLUG.test(slug) && !(kind === 'post' && slug === 'preview')) return { path, content: { kind, slug } }
  }
  return null
}

// Loaded with the first event: none of the site's pages needs them, and start-up stays short (decision 0042).
const loadParsers = loadOnce(() =>
  Promise.all([import('isbot'), import('bowser')]).then(([bots, { default: bowser }]) => ({
    isbot: bots.isbot,
    parse: (ua: string): Bowser.Parser.ParsedResult => bowser.parse(ua),
    // bowser names any other "Name/1.0 (…)" by its first word, which can be a person's or a machine's name.
    browsers: new Set(Object.values(bowser.BROWSER_MAP).filter((browser) => browser !== 'Generic')),
    systems: new Set(Object.values(bowser.OS_MAP)),
  })),
)

type Agent = Pick<CountedEvent, 'device' | 'browser' | 'os'> | null

/** User agents already read: visitors share a few hundred, and reading one costs more than the rest of a view. */
const agents = new Map<string, Agent>()
const AGENTS_KEPT = 1000

/** The device class, browser and system a user agent names (known names only), or null for a crawler. */
async function agentOf(userAgent: string): Promise<Agent> {
  const known = agents.get(userAgent)
  if (known !== undefined) return known
  const { isbot, parse, browsers, systems } = await loadParsers()
  let agent: Agent = null
  if (!isbot(userAgent)) {
    const parsed = parse(userAgent)
    const known = (value: string | undefined, names: Set<string>) => (value && names.has(value) ? value : 'Other')
    agent = {
      device: ['desktop', 'mobile', 'tablet', 'tv'].includes(parsed.platform.type ?? '')
        ? parsed.platform.type!
        : 'other',
      browser: known(parsed.browser.name, browsers),
      os: known(parsed.os.name, systems),
    }
  }
  if (agents.size >= AGENTS_KEPT) agents.clear()
  agents.set(userAgent, agent)
  return agent
}

/**
 * The event as it is counted, or null when it is not: a crawler or a client without a user agent, an
 * address that is not one of the site's public pages.
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
  const page = publicPage(url.pathname)
  if (!page) return null
  const agent = await agentOf(userAgent)
  if (!agent) return null
  const landing = beacon.referrer !== undefined
  const query = url.searchParams
  return {
    event: beacon.event,
    ...page,
    // A visit begins where the browser arrived from elsewhere, from nowhere (a typed address, a bookmark) or from an app.
    entry: beacon.event === 'view' && landing && !fromOwnSite(beacon.referrer ?? '', ownHosts),
    // A mail app sends no referrer: the link's utm_source (the newsletter's own links carry one) names it instead.
    source:
      beacon.event === 'view'
        ? (referrerSource(beacon.referrer, ownHosts) ??
          (landing && !fromOwnSite(beacon.referrer ?? '', ownHosts) ? label(query.get('utm_source')) : null))
        : null,
    utmSource: label(query.get('utm_source')),
    utmMedium: label(query.get('utm_medium')),
    utmCampaign: label(query.get('utm_campaign')),
    ...agent,
    jobId: beacon.jobId ?? null,
  }
}

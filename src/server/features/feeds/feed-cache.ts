import type { ContentVersion, CurrentContentVersion } from '../../cache/content-version'
import { SURROGATE_KEYS } from '../../cache/surrogate-keys'
import { createVersionedLru } from '../../cache/versioned-lru'
import { createSharedCacheControl, STALE_PAGE_HOURS_DEFAULT } from '../../http/cache-control'
import { encodedBodies } from '../../http/compression'
import { type PreparedHeaders, sendRepresentation } from '../../http/representation'

/** A feed as built: its text and media type. */
export interface FeedDocument {
  body: string
  type: string
}

/** A built feed in every coding it is offered in, each compressed once when it was built. */
interface KeptFeed {
  contentType: string
  token: string
  bodies: { identity: Uint8Array<ArrayBuffer>; br?: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> }
  /** The headers of its answers, made by the first one in each coding. */
  prepared: PreparedHeaders
}

/** The feeds of a site are few (the blog's, one per tag, the sitemap's files, robots.txt) on few origins. */
const MAX_ENTRIES = 200
/** Room for one sitemap file of 50,000 URLs in its three codings (about 7 MB), and the feeds beside it. */
const MAX_BYTES = 16 * 1024 * 1024

/** Every coding `encodedBodies` offers for these bytes, made now rather than once per answer. */
function keptFeed({ body, type }: FeedDocument): KeptFeed {
  const identity = new TextEncoder().encode(body)
  const contentType = `${type}; charset=utf-8`
  const make = encodedBodies(identity, contentType)
  // compression.ts makes its copies as bytes.
  const br = make.br?.() as Uint8Array<ArrayBuffer> | undefined
  const gzip = make.gzip?.() as Uint8Array<ArrayBuffer> | undefined
  return {
    contentType,
    token: new Bun.CryptoHasher('sha256').update(identity).digest('hex').slice(0, 32),
    bodies: { identity, br, gzip },
    prepared: new Map(),
  }
}

const weight = (key: string, feed: KeptFeed) =>
  key.length +
  feed.token.length +
  feed.bodies.identity.byteLength +
  (feed.bodies.br?.byteLength ?? 0) +
  (feed.bodies.gzip?.byteLength ?? 0)

/**
 * Feeds are compressed and revalidated like files: an unchanged feed answers 304 without a body. They carry
 * the fixed security headers, as files do, so an answer from the front door is whole without the app's.
 */
function send(request: Request, feed: KeptFeed, answerHeaders: Record<string, string>, cacheControl: string): Response {
  const { identity, br, gzip } = feed.bodies
  const response = sendRepresentation(request, {
    headers: () =>
      new Headers({
        ...answerHeaders,
        'content-type': feed.contentType,
        'surrogate-key': FEED_KEYS.join(' '),
        'cache-tag': FEED_KEYS.join(','),
      }),
    prepared: feed.prepared,
    token: feed.token,
    bodies: { identity: () => identity, ...(br && { br: () => br }), ...(gzip && { gzip: () => gzip }) },
  })
  // Made per answer (it counts down to the next change with no write), after the kept headers.
  response.headers.set('cache-control', cacheControl)
  return response
}

/** Feeds follow every public change (content-version.ts adds `feeds` to each) and the site's details. */
const FEED_KEYS = [SURROGATE_KEYS.feeds, SURROGATE_KEYS.site]
/** Feed readers may keep a feed five minutes; a caching proxy until a purge (http/cache-control.ts). */
const FEED_BROWSER_MAX_AGE = 300

/**
 * Feeds built once per content version and kept compressed, as the page cache keeps pages: the version
 * turns over with every public write and when a scheduled post comes due, and while the database cannot
 * be reached it stays as last read, so the feeds kept go on being served. Bounded in entries and bytes;
 * only feeds that exist are kept (an unknown tag's slug is built every time and never stored), and
 * requests arriving while a feed is built wait for that build rather than starting their own.
 */
export type FeedCache = ReturnType<typeof createFeedCache>

export function createFeedCache(
  version: CurrentContentVersion & Partial<Pick<ContentVersion, 'nextDue'>>,
  answerHeaders: Record<string, string> = {},
  { clock = Date.now, staleHours = STALE_PAGE_HOURS_DEFAULT }: { clock?: () => number; staleHours?: number } = {},
) {
  const shared = createSharedCacheControl(
    clock,
    () => version.nextDue?.() ?? Number.POSITIVE_INFINITY,
    staleHours * 3600,
  )
  const cacheControl = () => shared(FEED_BROWSER_MAX_AGE)
  const kept = createVersionedLru<KeptFeed>(MAX_ENTRIES, MAX_BYTES)
  /** Builds under way, by version and key: bounded by the requests waiting on them. */
  const building = new Map<string, Promise<KeptFeed | null>>()

  function build(key: string, current: string, make: () => Promise<FeedDocument | null>) {
    const id = `${current}|${key}`
    let pending = building.get(id)
    if (!pending) {
      pending = make()
        .then((document) => {
          if (!document) return null
          const feed = keptFeed(document)
          kept.set(key, current, feed, weight(key, feed))
          return feed
        })
        .finally(() => building.delete(id))
      building.set(id, pending)
    }
    return pending
  }

  return {
    /**
     * The feed kept under `key` (which must name everything the feed depends on besides the content: the
     * origin, the tag), or the one `make` builds; null when `make` finds no such feed.
     */
    async serve<Found extends FeedDocument | null>(
      request: Request,
      key: string,
      make: () => Promise<Found>,
    ): Promise<Response | Exclude<Found, FeedDocument>> {
      const current = await version.current()
      const feed = kept.get(key, current) ?? (await build(key, current, make))
      return (feed ? send(request, feed, answerHeaders, cacheControl()) : null) as
        | Response
        | Exclude<Found, FeedDocument>
    },
    /**
     * The feed kept under `key` when it can be answered at once (kept, and the content version known to be
     * current without asking the database), for the front door; otherwise null, and `serve` decides.
     */
    peek(request: Request, key: string): Response | null {
      const current = version.known()
      const feed = current === null ? undefined : kept.get(key, current)
      return feed ? send(request, feed, answerHeaders, cacheControl()) : null
    },
  }
}

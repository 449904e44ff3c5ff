import { brotliDecompressSync, gzipSync } from 'node:zlib'
import type { PageContentVersion } from '../cache/content-version'
import { createVersionedLru } from '../cache/versioned-lru'
import { createSharedCacheControl, STALE_ANSWER_CACHE, STALE_PAGE_HOURS_DEFAULT } from '../http/cache-control'
import { sendRepresentation } from '../http/representation'
import { type CurrentContentVersionOnly, createPageCurrency, type PageState } from './page-currency'
import { canonicalPageUrl } from './page-url'
import { type PageRender, type RenderedPage, readRenderedPage, weight } from './rendered-page'

const MAX_ENTRIES = 300
const DAY_MS = 86_400_000
/**
 * With the blog read cache's budget (one per render thread too), the bound on what public content can hold in
 * memory (design §2).
 */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024

/** Only complete answers are kept; anything else is shared with whoever arrived meanwhile, then forgotten. */
/** Only pages that exist are kept: unique junk paths (404s) would otherwise push the real pages out. */
const KEPT_STATUSES = new Set([200])
/**
 * Without SITE_URL the origin comes from the Host header, and every origin is its own page (canonical
 * URLs): past this many, pages for a new one are rendered without being kept, so Host values cannot flood
 * the cache either.
 */
const MAX_ORIGINS = 4

/** A render that says it must not be stored (a draft link, say) is shared only with those already waiting. */
const forbidsStoring = (page: RenderedPage) =>
  page.headers.some(([name, value]) => name === 'cache-control' && /\b(no-store|private)\b/.test(value))

/**
 * Rendered public pages kept in memory (LRU), precompressed, with an ETag and a CSP that allows their
 * inline scripts by hash (so the cached bytes need no per-request nonce). A page is current while the
 * content version's epoch is the one it was made in and nothing it shows has changed since (its surrogate
 * keys, surrogate-keys.ts), and on the day it was made (the NEW badge and the footer year follow the date).
 *
 * A page no longer current is kept until made again: while the database cannot be reached, it is served
 * (marked stale) rather than the "unavailable" page, for up to `staleHours` after it was made.
 */
export function createPageCache(
  version: PageContentVersion | CurrentContentVersionOnly,
  /** `url`: the request's, when already parsed (a cached answer costs a URL less). */
  origin: (request: Request, url?: URL) => string,
  {
    clock = Date.now,
    maxBytes = PAGE_CACHE_MAX_BYTES,
    answerHeaders = {},
    uncounted = () => false,
    staleHours = STALE_PAGE_HOURS_DEFAULT,
  }: {
    clock?: () => number
    maxBytes?: number
    /** What every answer carries besides the page's own headers and CSP (the security headers). */
    answerHeaders?: Record<string, string>
    /** Requests left out of the hit and miss counts: the warm-up's (warm-up.ts), which are not visitors. */
    uncounted?: (request: Request) => boolean
    staleHours?: number
  } = {},
) {
  const entries = createVersionedLru<Promise<RenderedPage>>(MAX_ENTRIES, maxBytes, true)
  /** The finished pages behind the kept promises, so a hit can be answered without waiting on one. */
  const finished = new WeakMap<Promise<RenderedPage>, RenderedPage>()
  /** Whose turn in the render line each render took. */
  const startedFor = new WeakMap<Promise<RenderedPage>, string | undefined>()
  /**
   * Whether a request was answered from memory or started the render, for the request log; 'stale' is
   * from memory while the database cannot be reached to say whether the page is still current.
   */
  const outcomes = new WeakMap<Request, 'hit' | 'stale' | 'miss'>()
  /** Totals for the metrics, as plain integers: a hit costs no more than before. */
  let hits = 0
  let misses = 0
  let staleAnswers = 0
  const count = (request: Request, outcome: 'hit' | 'miss', by = 1) => {
    if (uncounted(request)) return
    if (outcome === 'hit') hits += by
    else misses += by
  }
  const currency = createPageCurrency(version)
  const { keyed } = currency
  const sharedCacheControl = createSharedCacheControl(
    clock,
    () => keyed?.nextDue?.() ?? Number.POSITIVE_INFINITY,
    staleHours * 3600,
  )
  const peeked: PageState = { epoch: '', change: 0 }

  /** The kept page under `key` if it is current. */
  function currentEntry(key: string, state: PageState) {
    const entry = entries.get(key, state.epoch)
    return entry && currency.isCurrent(entry, finished.get(entry), state) ? entry : undefined
  }

  /** The page last made for `key`, current or not, if it may be served stale (young enough, nothing taken down). */
  function staleCopy(key: string): RenderedPage | undefined {
    const entry = entries.latest(key)
    const page = entry && finished.get(entry)
    if (!page || clock() - page.renderedAt > staleHours * 3_600_000) return undefined
    return currency.mayServeStale(entry, page) ? page : undefined
  }

  /** `kept` names the cache entry the page is in, which a gzip copy made now makes heavier. */
  function respond(
    request: Request,
    page: RenderedPage,
    kept?: { key: string; entry: Promise<RenderedPage> },
    stale = false,
  ): Response {
    // A page shared caches may keep says for how long, which counts down: its prepared headers are made
    // again when that changes (once a second at most), so a cached answer sets no header of its own.
    const cacheControl = !stale && page.shareable ? sharedCacheControl() : null
    if (cacheControl !== null && page.preparedCacheControl !== cacheControl) {
      page.prepared.clear()
      page.preparedCacheControl = cacheControl
    }
    const headers = () => {
      const made = new Headers(page.headers)
      // A page that sets one of them itself keeps its own value.
      for (const name in answerHeaders) if (!made.has(name)) made.set(name, answerHeaders[name]!)
      made.set('content-security-policy', page.csp)
      if (cacheControl !== null) made.set('cache-control', cacheControl)
      return made
    }
    if (page.status >= 300 && page.status < 400) return new Response(null, { status: page.status, headers: headers() })
    // HEAD included: it gets GET's headers and body, which the framework measures and drops (RFC 9110 §9.3.2).
    const response = sendRepresentation(request, {
      status: page.status,
      headers,
      // A stale answer's headers differ from the page's own: made for it alone, not kept.
      prepared: stale ? undefined : page.prepared,
      token: page.token,
      bodies: {
        br: () => page.br,
        gzip: () => {
          if (page.gzip) return page.gzip
          page.gzip = gzipSync(brotliDecompressSync(page.br), { level: 6 })
          if (kept) entries.weigh(kept.key, kept.entry, kept.key.length + weight(page))
          return page.gzip
        },
        identity: () => brotliDecompressSync(page.br),
      },
    })
    if (stale) {
      response.headers.set('cache-control', STALE_ANSWER_CACHE)
      const age = Math.floor((clock() - page.renderedAt) / 1000)
      response.headers.set('cache-status', `page-cache; hit; detail=stale; ttl=${-age}`)
    }
    return response
  }

  /** Serves the last page made for `key` while the database cannot be reached, if there is one. */
  function serveStale(request: Request, key: string): Response | null {
    const page = staleCopy(key)
    if (!page) return null
    outcomes.set(request, 'stale')
    if (!uncounted(request)) staleAnswers++
    return respond(request, page, undefined, true)
  }

  const origins = new Set<string>()
  /** The current UTC day as text, made once a day rather than per request. */
  let day = { start: 0, end: 0, label: '' }
  const today = () => {
    const now = clock()
    if (now < day.start || now >= day.end) {
      const start = now - (now % DAY_MS)
      day = { start, end: start + DAY_MS, label: new Date(start).toISOString().slice(0, 10) }
    }
    return day.label
  }
  /** Everything a page depends on besides the content: the day, the origin and the page's canonical URL. */
  const keyOf = (url: URL, pageOrigin: string) => `${today()}|${pageOrigin}|${url.pathname}${url.search}`

  return {
    size: () => entries.size(),
    bytes: () => entries.bytes(),
    outcome: (request: Request) => outcomes.get(request),
    stats: () => ({ hits, misses, staleAnswers, bytes: entries.bytes(), entries: entries.size() }),
    /** Forgets the page kept for this request's URL (what the warm-up kept is not the visitors'). */
    forget(request: Request): void {
      const url = new URL(request.url)
      const key = keyOf(canonicalPageUrl(url), origin(request, url))
      const entry = entries.latest(key)
      if (entry) entries.forget(key, entry)
    },
    /**
     * The answer from memory when it can be given at once: the page is rendered and kept, and the content
     * version is known to be current without asking the database. Otherwise null, and `serve` decides.
     */
    peek(request: Request, url: URL): Response | null {
      const current = version.known()
      const pageOrigin = origin(request, url)
      // While the database is out of reach, `serve` answers from memory too, and says the page is stale.
      if (current === null || version.stale?.() || fromProxy(request) || !origins.has(pageOrigin)) return null
      const key = keyOf(canonicalPageUrl(url), pageOrigin)
      const entry = currentEntry(key, currency.state(current, peeked))
      const page = entry && finished.get(entry)
      if (!entry || !page) return null
      // Its request-log outcome is the caller's to give: a hit, always.
      count(request, 'hit')
      return respond(request, page, { key, entry })
    },
    /**
     * `render` gets the page's request: its canonical URL (only the query parameters the page reads, see
     * page-url.ts), the visitor's headers, and no abort signal, since others may come to wait on it. It must
     * not depend on the visitor: its result is shared with everyone asking for the same page. `client` is
     * whose turn in the render line it takes (render-limit.ts).
     */
    async serve(request: Request, render: PageRender, client?: string): Promise<Response> {
      const url = canonicalPageUrl(new URL(request.url))
      // The origin is part of the page (canonical and share URLs), so it is part of the key.
      const pageOrigin = origin(request)
      if (!origins.has(pageOrigin)) {
        if (origins.size >= MAX_ORIGINS) {
          outcomes.set(request, 'miss')
          count(request, 'miss')
          return respond(request, await readRenderedPage(url, render, request.headers, version.known(), clock()))
        }
        origins.add(pageOrigin)
      }
      const key = keyOf(url, pageOrigin)
      const current = keyed && fromProxy(request) ? await keyed.refresh() : await version.current()
      const state = currency.state(current)
      const start = (at: string) => {
        outcomes.set(request, 'miss')
        count(request, 'miss')
        // Kept from the start, so visitors arriving together (after a write, say) share one render.
        const rendering = readRenderedPage(url, render, request.headers, at, clock())
        startedFor.set(rendering, client)
        currency.startedAt(rendering, state.change)
        const previous = entries.latest(key)
        entries.set(key, state.epoch, rendering)
        rendering.then(
          (rendered) => {
            if (KEPT_STATUSES.has(rendered.status) && !forbidsStoring(rendered)) {
              finished.set(rendering, rendered)
              entries.weigh(key, rendering, key.length + weight(rendered))
              return
            }
            entries.forget(key, rendering)
            // Out of reach during the render: the page made before stays for the outage, no longer current.
            const before = previous && finished.get(previous)
            if (before && rendered.status === 503 && !rendered.busy && !entries.latest(key))
              entries.set(key, '', previous, key.length + weight(before))
          },
          () => entries.forget(key, rendering),
        )
        return rendering
      }
      // The database cannot be reached to say whether the page changed (or it did, and the change cannot
      // be read): the page as it was, said to be stale.
      if (version.stale?.()) {
        const old = serveStale(request, key)
        if (old) return old
      }
      const shared = currentEntry(key, state)
      if (shared) {
        outcomes.set(request, 'hit')
        count(request, 'hit')
      }
      let page = shared ?? start(current)
      let rendered = await page
      // A render shared from another client's place in the render line, refused there (a flood's): this
      // visitor asks in their own line, or joins their own client's render already asking again.
      if (shared && rendered.busy && startedFor.get(shared) !== client) {
        count(request, 'hit', -1)
        const at = version.known() ?? current
        const again = currentEntry(key, currency.state(at))
        page = again && startedFor.get(again) === client ? again : start(at)
        rendered = await page
      }
      // The database went out of reach during the render: the page as it was, rather than the 503.
      if (rendered.status === 503 && !rendered.busy) return serveStale(request, key) ?? respond(request, rendered)
      return respond(request, rendered, { key, entry: page })
    },
  }
}

/**
 * A caching proxy fetching a page (deploy/varnish/default.vcl says so with `Surrogate-Capability`): after a
 * purge it must get the page as the database has it, even from a process that has not looked for a second.
 */
const fromProxy = (request: Request) => request.headers.has('surrogate-capability')

export type PageCache = ReturnType<typeof createPageCache>

import { brotliDecompressSync, gzipSync } from 'node:zlib'
import { isSubscriberLinkPath } from '../../shared/newsletter'
import { isDraftLinkPath, PAGES } from '../../shared/paths'
import type { CurrentContentVersion } from '../cache/content-version'
import { createVersionedLru } from '../cache/versioned-lru'
import { BROTLI_QUALITY, BROTLI_QUICK_QUALITY, brotli } from '../http/compression'
import { type PreparedHeaders, sendRepresentation } from '../http/representation'
import { contentSecurityPolicy } from '../http/security-headers'
import { canonicalPageUrl } from './page-url'
import { isBusyResponse } from './render-limit'

const MAX_ENTRIES = 300
const DAY_MS = 86_400_000
/**
 * With the blog read cache's budget (one per render thread too), the bound on what public content can hold in
 * memory (design §2).
 */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g

/** Only complete answers are kept; anything else is shared with whoever arrived meanwhile, then forgotten. */
/** Only pages that exist are kept: unique junk paths (404s) would otherwise push the real pages out. */
const KEPT_STATUSES = new Set([200])
/**
 * Without SITE_URL the origin comes from the Host header, and every origin is its own page (canonical
 * URLs): past this many, pages for a new one are rendered without being kept, so Host values cannot flood
 * the cache either.
 */
const MAX_ORIGINS = 4

interface RenderedPage {
  status: number
  /** The render's own headers (content type, a redirect's location, a loader's headers). */
  headers: [string, string][]
  /**
   * Kept compressed only: nearly every client takes br, and the rare one that does not gets gzip, made from
   * it the first time one asks (a render is not made to pay for a copy few pages ever send), or it inflated.
   */
  br: Uint8Array<ArrayBuffer>
  gzip: Uint8Array<ArrayBuffer> | null
  /** Names the page's bytes; each coding's ETag is made from it. */
  token: string
  csp: string
  /** The headers of its answers, made by the first one in each coding. */
  prepared: PreparedHeaders
  /** Refused a render turn in the line of the client that started it (render-limit.ts). */
  busy: boolean
}

function decodedPath(pathname: string): string {
  if (!pathname.includes('%')) return pathname
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}

/** A render that says it must not be stored (a draft link, say) is shared only with those already waiting. */
const forbidsStoring = (page: RenderedPage) =>
  page.headers.some(([name, value]) => name === 'cache-control' && /\b(no-store|private)\b/.test(value))

/** Public pages depend only on the URL, the day and the content: everything else is rendered per request. */
export function isCacheablePage(request: Request, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  // Decoded as the router decodes it, so /blog/%70review/… is the draft link it renders, not a public page.
  const path = decodedPath(pathname).toLowerCase()
  // A subscriber's pages carry their secret: one page each, never kept.
  return (
    !path.startsWith(PAGES.admin) && !path.startsWith('/api/') && !isDraftLinkPath(path) && !isSubscriberLinkPath(path)
  )
}

const sha256 = (data: string | Uint8Array, encoding: 'hex' | 'base64') =>
  new Bun.CryptoHasher('sha256').update(data).digest(encoding)

/**
 * Rendered public pages kept in memory (LRU), precompressed, with an ETag and a CSP that allows their
 * inline scripts by hash (so the cached bytes need no per-request nonce). Invalidated by the content
 * version and by the day (the NEW badge and the footer year follow the date).
 */
export function createPageCache(
  version: CurrentContentVersion,
  /** `url`: the request's, when already parsed (a cached answer costs a URL less). */
  origin: (request: Request, url?: URL) => string,
  {
    clock = Date.now,
    maxBytes = PAGE_CACHE_MAX_BYTES,
    answerHeaders = {},
    uncounted = () => false,
  }: {
    clock?: () => number
    maxBytes?: number
    /** What every answer carries besides the page's own headers and CSP (the security headers). */
    answerHeaders?: Record<string, string>
    /** Requests left out of the hit and miss counts: the warm-up's (warm-up.ts), which are not visitors. */
    uncounted?: (request: Request) => boolean
  } = {},
) {
  const entries = createVersionedLru<Promise<RenderedPage>>(MAX_ENTRIES, maxBytes)
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
  const count = (request: Request, outcome: 'hit' | 'miss', by = 1) => {
    if (uncounted(request)) return
    if (outcome === 'hit') hits += by
    else misses += by
  }

  /** `kept` names the cache entry the page is in, which a gzip copy made now makes heavier. */
  function respond(
    request: Request,
    page: RenderedPage,
    kept?: { key: string; entry: Promise<RenderedPage> },
  ): Response {
    const headers = () => {
      const made = new Headers(page.headers)
      // A page that sets one of them itself keeps its own value.
      for (const name in answerHeaders) if (!made.has(name)) made.set(name, answerHeaders[name]!)
      made.set('content-security-policy', page.csp)
      return made
    }
    if (page.status >= 300 && page.status < 400) return new Response(null, { status: page.status, headers: headers() })
    // HEAD included: it gets GET's headers and body, which the framework measures and drops (RFC 9110 §9.3.2).
    return sendRepresentation(request, {
      status: page.status,
      headers,
      prepared: page.prepared,
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
    stats: () => ({ hits, misses, bytes: entries.bytes(), entries: entries.size() }),
    /** Forgets the page kept for this request's URL (what the warm-up kept is not the visitors'). */
    forget(request: Request): void {
      const url = new URL(request.url)
      const key = keyOf(canonicalPageUrl(url), origin(request, url))
      const entry = entries.get(key, version.known() ?? '')
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
      if (current === null || version.stale?.() || !origins.has(pageOrigin)) return null
      const key = keyOf(canonicalPageUrl(url), pageOrigin)
      const entry = entries.get(key, current)
      const page = entry && finished.get(entry)
      if (!page) return null
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
          return respond(request, await renderPage(url, render, request.headers, version.known()))
        }
        origins.add(pageOrigin)
      }
      const key = keyOf(url, pageOrigin)
      const current = await version.current()
      const start = (at: string) => {
        outcomes.set(request, 'miss')
        count(request, 'miss')
        // Kept from the start, so visitors arriving together (after a write, say) share one render.
        const rendering = renderPage(url, render, request.headers, at)
        startedFor.set(rendering, client)
        entries.set(key, at, rendering)
        rendering.then(
          (rendered) => {
            if (!KEPT_STATUSES.has(rendered.status) || forbidsStoring(rendered)) entries.forget(key, rendering)
            else {
              finished.set(rendering, rendered)
              entries.weigh(key, rendering, key.length + weight(rendered))
            }
          },
          () => entries.forget(key, rendering),
        )
        return rendering
      }
      const shared = entries.get(key, current)
      if (shared) {
        outcomes.set(request, version.stale?.() ? 'stale' : 'hit')
        count(request, 'hit')
      }
      let page = shared ?? start(current)
      let rendered = await page
      // A render shared from another client's place in the render line, refused there (a flood's): this
      // visitor asks in their own line, or joins their own client's render already asking again.
      if (shared && rendered.busy && startedFor.get(shared) !== client) {
        count(request, 'hit', -1)
        const at = version.known() ?? current
        const again = entries.get(key, at)
        page = again && startedFor.get(again) === client ? again : start(at)
        rendered = await page
      }
      return respond(request, rendered, { key, entry: page })
    },
  }
}

/**
 * The bytes a kept page holds: its bodies, its ETag token, and its headers and CSP as text, once as
 * rendered and once more in the finished headers of each coding it may be sent in (with the security
 * headers, about the size of the page's own).
 */
const weight = (page: RenderedPage) =>
  (page.gzip?.byteLength ?? 0) +
  page.br.byteLength +
  page.token.length +
  (1 + 3 * 2) * (page.csp.length + page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0))

/**
 * Renders a page for the cache: its request, and the content version it will be kept under (the version
 * last known, or null, when it is not kept), which its data must be at least as new as.
 */
export type PageRender = (page: Request, version: string | null) => Promise<Response>

/** Reads the rendered page once: compressed, hashed for the ETag, its inline scripts hashed for the CSP. */
async function renderPage(
  url: URL,
  render: PageRender,
  visitorHeaders: Headers,
  version: string | null,
): Promise<RenderedPage> {
  const rendered = await render(new Request(url, { headers: visitorHeaders }), version)
  const text = await rendered.text()
  const hashes = [...text.matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${sha256(m[1]!, 'base64')}'`)
  const html = new TextEncoder().encode(text)
  const headers = [...rendered.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding')
  return {
    status: rendered.status,
    headers,
    gzip: null,
    // A query the page reads makes it one of the long tail: compressed quickly, as few ask for it again.
    br: brotli(html, url.search ? BROTLI_QUICK_QUALITY : BROTLI_QUALITY),
    token: sha256(html, 'hex').slice(0, 32),
    csp: contentSecurityPolicy(hashes.join(' ')),
    prepared: new Map(),
    busy: isBusyResponse(rendered),
  }
}

export type PageCache = ReturnType<typeof createPageCache>

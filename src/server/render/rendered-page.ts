import { SURROGATE_KEY_PATTERN, SURROGATE_KEYS } from '../cache/surrogate-keys'
import { BROTLI_QUALITY, BROTLI_QUICK_QUALITY, brotli } from '../http/compression'
import type { PreparedHeaders } from '../http/representation'
import { contentSecurityPolicy } from '../http/security-headers'
import { isBusyResponse } from './render-limit'

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g

/** The header a render names the data it read in (render-page.tsx), as a caching proxy reads it. */
export const SURROGATE_KEY_HEADER = 'surrogate-key'

/** A page rendered for the page cache, read once. */
export interface RenderedPage {
  status: number
  /** The render's own headers (content type, a redirect's location, a loader's headers, its keys). */
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
  /** What it shows (surrogate-keys.ts): a change to any of them makes it out of date. */
  keys: string[]
  renderedAt: number
  /** A complete page no render said to keep private: shared caches may keep it (http/cache-control.ts). */
  shareable: boolean
  /** The `Cache-Control` the prepared headers were made with (it changes once a second at most). */
  preparedCacheControl: string | null
}

/**
 * The bytes a kept page holds: its bodies, its ETag token, and its headers and CSP as text, once as
 * rendered and once more in the finished headers of each coding it may be sent in (with the security
 * headers, about the size of the page's own).
 */
export const weight = (page: RenderedPage) =>
  (page.gzip?.byteLength ?? 0) +
  page.br.byteLength +
  page.token.length +
  (1 + 3 * 2) * (page.csp.length + page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0))

/**
 * Renders a page for the cache: its request, and the content version it will be kept under (the version
 * last known, or null, when it is not kept), which its data must be at least as new as.
 */
export type PageRender = (page: Request, version: string | null) => Promise<Response>

const sha256 = (data: string | Uint8Array, encoding: 'hex' | 'base64') =>
  new Bun.CryptoHasher('sha256').update(data).digest(encoding)

/**
 * The keys a render named, and `site` (every page shows the site's details); the headers a proxy reads
 * them from carry the same list: `Surrogate-Key` space-separated, `Cache-Tag` (Cloudflare) comma-separated.
 */
function keysOf(headers: [string, string][]): string[] {
  const named = headers.find(([name]) => name === SURROGATE_KEY_HEADER)?.[1].split(' ') ?? []
  return [...new Set([SURROGATE_KEYS.site, ...named.filter((key) => SURROGATE_KEY_PATTERN.test(key))])].sort()
}

/** Reads the rendered page once: compressed, hashed for the ETag, its inline scripts hashed for the CSP. */
export async function readRenderedPage(
  url: URL,
  render: PageRender,
  visitorHeaders: Headers,
  version: string | null,
  now: number,
): Promise<RenderedPage> {
  const rendered = await render(new Request(url, { headers: visitorHeaders }), version)
  const text = await rendered.text()
  const hashes = [...text.matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${sha256(m[1]!, 'base64')}'`)
  const html = new TextEncoder().encode(text)
  const kept = [...rendered.headers].filter(
    ([name]) => name !== 'content-length' && name !== 'content-encoding' && name !== SURROGATE_KEY_HEADER,
  )
  const keys = keysOf([...rendered.headers])
  return {
    status: rendered.status,
    headers: [...kept, [SURROGATE_KEY_HEADER, keys.join(' ')], ['cache-tag', keys.join(',')]],
    gzip: null,
    // A query the page reads makes it one of the long tail: compressed quickly, as few ask for it again.
    br: brotli(html, url.search ? BROTLI_QUICK_QUALITY : BROTLI_QUALITY),
    token: sha256(html, 'hex').slice(0, 32),
    csp: contentSecurityPolicy(hashes.join(' ')),
    prepared: new Map(),
    busy: isBusyResponse(rendered),
    keys,
    renderedAt: now,
    shareable: rendered.status === 200 && !/\b(no-store|private)\b/.test(rendered.headers.get('cache-control') ?? ''),
    preparedCacheControl: null,
  }
}

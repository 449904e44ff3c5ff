import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { contentSecurityPolicy } from '../http/security-headers'
import type { ContentVersion } from './content-version'

const MAX_ENTRIES = 300
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g

interface CachedPage {
  version: string
  status: number
  /**
   * Kept compressed only: nearly every client takes br or gzip, and the rare one that does not gets it
   * inflated. Blobs, because a Response sends a Blob without copying it (a byte array is copied each time).
   */
  gzip: Blob
  br: Blob
  etag: string
  csp: string
}

/** Public pages depend only on the URL, the day and the content: everything else is rendered per request. */
export function isCacheablePage(request: Request, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = pathname.toLowerCase()
  return !path.startsWith('/admin') && !path.startsWith('/api/')
}

const sha256 = (data: string | Uint8Array, encoding: 'hex' | 'base64') => new Bun.CryptoHasher('sha256').update(data).digest(encoding)

/**
 * Rendered public pages kept in memory (LRU), precompressed, with an ETag and a CSP that allows their
 * inline scripts by hash (so the cached bytes need no per-request nonce). Invalidated by the content
 * version and by the day (the NEW badge and the footer year follow the date).
 */
export function createPageCache(version: ContentVersion, origin: (request: Request) => string, clock: () => number = Date.now) {
  const entries = new Map<string, CachedPage>()
  const inFlight = new Map<string, Promise<CachedPage | Response>>()

  function store(key: string, page: CachedPage) {
    entries.delete(key)
    entries.set(key, page)
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
  }

  async function respond(request: Request, page: CachedPage): Promise<Response> {
    const headers = new Headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      etag: page.etag,
      vary: 'accept-encoding',
      'content-security-policy': page.csp,
    })
    if (request.headers.get('if-none-match') === page.etag) return new Response(null, { status: 304, headers })
    const accepted = request.headers.get('accept-encoding') ?? ''
    const [body, encoding] = /\bbr\b/.test(accepted) ? [page.br, 'br'] : /\bgzip\b/.test(accepted) ? [page.gzip, 'gzip'] : [gunzipSync(await page.gzip.bytes()), null]
    if (encoding) headers.set('content-encoding', encoding)
    return new Response(request.method === 'HEAD' ? null : body, { status: page.status, headers })
  }

  return {
    size: () => entries.size,
    async serve(request: Request, render: () => Promise<Response>): Promise<Response> {
      const url = new URL(request.url)
      const day = new Date(clock()).toISOString().slice(0, 10)
      // The origin is part of the page (canonical and share URLs), so it is part of the key.
      const key = `${day}|${origin(request)}|${url.pathname}${url.search}`
      const current = await version.current()
      const hit = entries.get(key)
      if (hit && hit.version === current) {
        store(key, hit)
        return respond(request, hit)
      }
      // One render per page and version however many visitors arrive at once (after a write, say).
      const flightKey = `${key}|${current}`
      let flight = inFlight.get(flightKey)
      const leader = !flight
      if (!flight) {
        flight = toCachedPage(render, current).finally(() => inFlight.delete(flightKey))
        inFlight.set(flightKey, flight)
      }
      const result = await flight
      if (result instanceof Response) return leader ? result : render()
      store(key, result)
      return respond(request, result)
    },
  }
}

/** The rendered page ready to keep, or the response itself when it must not be kept (a 500, a redirect). */
async function toCachedPage(render: () => Promise<Response>, version: string): Promise<CachedPage | Response> {
  const rendered = await render()
  if (rendered.status !== 200 && rendered.status !== 404) return rendered
  const text = await rendered.text()
  const hashes = [...text.matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${sha256(m[1]!, 'base64')}'`)
  const html = new TextEncoder().encode(text)
  return {
    version,
    status: rendered.status,
    gzip: new Blob([gzipSync(html, { level: 6 })]),
    br: new Blob([brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })]),
    etag: `"${sha256(html, 'hex').slice(0, 32)}"`,
    csp: contentSecurityPolicy(hashes.join(' ')),
  }
}

export type PageCache = ReturnType<typeof createPageCache>

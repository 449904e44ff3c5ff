/** The origin a request without Host is read on when SITE_URL does not name the site's. */
export const DEFAULT_ORIGIN = 'http://localhost'

/**
 * The site's origins from SITE_URL, the same in the app and in a render thread: a page's (canonical and
 * share URLs: SITE_URL, else the request's own), and the site's own, which never follows a request's Host
 * (anyone can set it): SITE_URL, else the default. Links in emails and requests without Host use it.
 */
export function siteOrigins(siteUrl: string | undefined) {
  return {
    page: (request: Request, url?: URL) => siteUrl ?? (url ?? new URL(request.url)).origin,
    own: siteUrl ?? DEFAULT_ORIGIN,
  }
}

/**
 * The request as the app reads it, with an absolute URL. HTTP/1.0 allows a request without `Host`, and
 * Bun then hands over a relative `request.url` ("/blog") that nothing downstream can parse (the
 * router, the page cache, the origin checks): such a request is read on the site's own origin, as a
 * server answers a request that names no virtual host with its default one. A `Host` that is sent but
 * empty or not a host cannot be answered at all (RFC 9112 §3.2: 400), so that gives null.
 */
export function requestOnOrigin(request: Request, origin: string): Request | null {
  if (URL.canParse(request.url)) return request
  if (request.headers.get('host') !== null || !request.url.startsWith('/')) return null
  const url = new URL(request.url, origin)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    // @ts-expect-error Bun streams a request body through; the DOM typings want `duplex` spelled out.
    duplex: 'half',
  })
}

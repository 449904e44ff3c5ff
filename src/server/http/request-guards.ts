import { isUnsubscribePath } from '../../shared/newsletter'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A write that did not come from this site's own pages. API writes must prove it (an Origin of this
 * site, or `Sec-Fetch-Site: same-origin`); a page form post is refused only when it names another origin,
 * so the no-JavaScript form keeps working in browsers that omit the header. The one-click unsubscribe is
 * posted by mail providers (RFC 8058): the secret in its address is what allows it.
 */
export function isCrossSiteWrite(request: Request, siteUrl?: string): boolean {
  if (!WRITE_METHODS.has(request.method)) return false
  if (request.method === 'POST' && isUnsubscribePath(new URL(request.url).pathname)) return false
  const origin = request.headers.get('origin')
  if (!origin) {
    const isApi = new URL(request.url).pathname.startsWith('/api/')
    return isApi && request.headers.get('sec-fetch-site') !== 'same-origin'
  }
  const allowed = new Set([
    new URL(request.url).host,
    request.headers.get('host'),
    siteUrl ? new URL(siteUrl).host : null,
  ])
  try {
    return !allowed.has(new URL(origin).host)
  } catch {
    return true
  }
}

/**
 * Page form posts (the no-JavaScript application form) always say their length when a browser sends
 * them: one sent chunked, which the page's action would read whole however long, is refused before
 * parsing. The action refuses a declared length past its limit itself, with the page and its message.
 */
export function formPostRefusal(request: Request): { status: 411; error: string } | null {
  if (request.headers.has('transfer-encoding')) return { status: 411, error: 'Send the form with a Content-Length' }
  return null
}

import { nextRequestId } from './http/request-id'
import { FILE_CONTENT_SECURITY_POLICY, securityHeaders } from './http/security-headers'
import { isCacheablePage, type PageCache } from './render/page-cache'
import type { StaticFiles } from './render/static-files'

export interface FrontDoorOptions {
  staticFiles: StaticFiles
  /** Null when pages are not kept (tests of streaming). */
  pageCache: PageCache | null
  production: boolean
  /** Whether a shutdown has begun: answers then close their connection, as the app's do. */
  draining: () => boolean
  /** Every answer given here, for the metrics and the request log. */
  answered: (request: Request, path: string, status: number, ms: number, requestId: string) => void
}

/**
 * Answers what is already in memory — public and built files, and pages in the page cache — before the
 * framework's lifecycle, which costs more than the answer itself (a nonce, hooks, response mapping). The
 * bytes, encodings, ETags and conditional answers come from the same code as on the framework's path
 * (`sendRepresentation`); only the work around them is skipped. Anything else, or anything unusual about
 * the request (a body, no Host), returns null and goes through the app.
 */
export function createFrontDoor({ staticFiles, pageCache, production, draining, answered }: FrontDoorOptions) {
  // The per-request nonce is for streamed pages; files need none and cached pages carry their own CSP.
  const fixedHeaders = Object.entries(securityHeaders('', production)).filter(
    ([name]) => name !== 'content-security-policy',
  )

  return function answer(request: Request): Response | null {
    // HEAD too goes through the app, which measures GET's body into Content-Length and drops it.
    if (request.method !== 'GET') return null
    if (
      !request.url.startsWith('http') ||
      request.headers.has('content-length') ||
      request.headers.has('transfer-encoding')
    )
      return null
    const startedAt = performance.now()
    // A Host that is not a host (`a:b:c`) makes no URL: the app answers it (400).
    const url = URL.parse(request.url)
    if (!url) return null
    let response = staticFiles.serve(request, url.pathname)
    if (response) response.headers.set('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
    else if (pageCache && isCacheablePage(request, url.pathname)) response = pageCache.peek(request, url)
    if (!response) return null
    for (const [name, value] of fixedHeaders) response.headers.set(name, value)
    if (draining()) response.headers.set('connection', 'close')
    const requestId = nextRequestId()
    response.headers.set('x-request-id', requestId)
    answered(request, url.pathname, response.status, performance.now() - startedAt, requestId)
    return response
  }
}

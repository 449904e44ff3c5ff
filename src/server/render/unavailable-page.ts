import type { UnavailableStatus } from '../../shared/write-outcome'
import { DATABASE_UNAVAILABLE, WRITE_UNCONFIRMED } from '../db/errors'
import { jsonError } from '../http/json-body'
import { securityHeaders } from '../http/security-headers'
import type { createPageRenderer } from './render-page'

type PageRenderer = ReturnType<typeof createPageRenderer>

/**
 * The answer while the database is unavailable: the site's own page for a browser asking for a page,
 * JSON for the API and for clients that take only JSON; a 503 with Retry-After either way. With `status`
 * 504, the answer to a write left in doubt (decision 0048): the same, saying it may have been saved.
 */
export function createUnavailableAnswer(
  renderPage: PageRenderer,
  production: boolean,
  clock: () => number,
  /** Whose request it is, for their turn in the render line. */
  clientOf: (request: Request) => string,
) {
  return (
    request: Request,
    headers: Record<string, unknown>,
    nonce: string | undefined,
    status: UnavailableStatus = 503,
  ) => {
    const accept = request.headers.get('accept') ?? ''
    if (new URL(request.url).pathname.startsWith('/api/') || !accept.includes('text/html'))
      return status === 503
        ? jsonError(503, DATABASE_UNAVAILABLE.message, {
            'retry-after': String(DATABASE_UNAVAILABLE.retryAfterSeconds),
            'cache-control': 'no-store',
          })
        : jsonError(status, WRITE_UNCONFIRMED.message, { 'cache-control': 'no-store' })
    // The page cache takes the nonce policy off before it serves; this page has the nonce in its scripts.
    if (nonce) Object.assign(headers, securityHeaders(nonce, production))
    const page = new Request(request.url, { headers: request.headers })
    return renderPage({ request: page, nonce, now: clock(), unavailable: status, client: clientOf(request) })
  }
}

import { feedRoute } from './features/feeds/routes'
import { MEDIA_ROUTE } from './features/media/send-file'
import { nextRequestId } from './http/request-id'
import type { AnswerSource } from './observability/answer-log'
import { isCacheablePage } from './render/cacheable-page'
import type { PageCache } from './render/page-cache'
import { pageRoute } from './render/page-route'
import type { StaticFiles } from './render/static-files'

/** The route an answer from memory is counted under in the metrics: a pattern, never a raw path. */
export const memoryRoute = (source: AnswerSource, path: string) =>
  source === 'media' ? MEDIA_ROUTE : source === 'feed' ? feedRoute(path) : pageRoute(path)

export interface FrontDoorOptions {
  staticFiles: StaticFiles
  /** Null when pages are not kept (tests of streaming). */
  pageCache: PageCache | null
  /** Uploaded media files asked for lately, or null. */
  mediaFiles: (request: Request, pathname: string) => Response | null
  /** Feeds already built for the current content (the blog's RSS, robots.txt, the sitemap), or null. */
  feeds: (request: Request, pathname: string) => Response | null
  /** Whether a shutdown has begun: answers then close their connection, as the app's do. */
  draining: () => boolean
  /** Every answer given here, for the metrics and the request log. */
  answered: (
    request: Request,
    path: string,
    status: number,
    ms: number,
    requestId: string,
    source: AnswerSource,
  ) => void
}

/**
 * Answers what is already in memory — public and built files, media files, feeds, pages in the page cache — before the
 * framework's lifecycle, which costs more than the answer itself (a nonce, hooks, response mapping). The
 * bytes, encodings, ETags and conditional answers come from the same code as on the framework's path
 * (`sendRepresentation`), and so do their headers, security headers included, made once per page or file
 * and coding; only the work around them is skipped. Anything else, or anything unusual about
 * the request (a body, no Host), returns null and goes through the app.
 */
export function createFrontDoor({ staticFiles, pageCache, mediaFiles, feeds, draining, answered }: FrontDoorOptions) {
  /** The answer from memory and where it came from, or null. */
  const fromMemory = (request: Request, url: URL): [Response, AnswerSource] | null => {
    const file = staticFiles.serve(request, url.pathname)
    if (file) return [file, 'file']
    const media = mediaFiles(request, url.pathname)
    if (media) return [media, 'media']
    const feed = feeds(request, url.pathname)
    if (feed) return [feed, 'feed']
    const page = pageCache && isCacheablePage(request, url.pathname) ? pageCache.peek(request, url) : null
    return page ? [page, 'page'] : null
  }

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
    const answer = fromMemory(request, url)
    if (!answer) return null
    const [response, source] = answer
    if (draining()) response.headers.set('connection', 'close')
    const requestId = nextRequestId()
    response.headers.set('x-request-id', requestId)
    answered(request, url.pathname, response.status, performance.now() - startedAt, requestId, source)
    return response
  }
}

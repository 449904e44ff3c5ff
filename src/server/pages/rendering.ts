import type { AppDeps } from '../app-deps'
import type { ContentVersion } from '../cache/content-version'
import type { PostedForm } from '../features/applications/form-post'
import { clientNetwork } from '../http/client-network'
import type { siteOrigins } from '../http/request-target'
import { errorFields } from '../observability/error-fields'
import { trackPageCache, trackRenders, trackRenderThreads } from '../observability/metrics'
import { createFairReads } from '../render/fair-reads'
import { createPageCache } from '../render/page-cache'
import { createRenderLimit, renderLimitFor } from '../render/render-limit'
import { createPageRenderer } from '../render/render-page'
import { createServerData, type ServerServices } from '../render/server-data'
import { createUnavailableAnswer } from '../render/unavailable-page'

export interface PageRenderingOptions {
  services: ServerServices
  content: ContentVersion
  clock: () => number
  origins: ReturnType<typeof siteOrigins>
  /** The security headers of answers made once and kept (cached pages). */
  answerHeaders: Record<string, string>
  /** The request's client as the rate limits count it. */
  clientKey: (request: Request) => string
  /** Whether a request's page-cache outcome is left out of the counts (the warm-up's). */
  uncounted?: (request: Request) => boolean
}

/**
 * How pages are made: one render line shared with the uncached JSON reads (fair reads), the renderer
 * reading through the public services, the page cache in front of it and the page shown while the
 * database is out of reach.
 */
export function createPageRendering(deps: AppDeps, options: PageRenderingOptions) {
  const { services, content, clock, origins, clientKey } = options
  const threads = deps.renderThreads
  /** A form posted to a job's page, read before its render, for the page's action (server-data.ts). */
  const postedForms = new WeakMap<Request, PostedForm>()
  /** Whose turn in the render line a request takes: an IPv6 client by its /48, so fresh addresses buy no more turns. */
  const renderClient = (request: Request) => clientNetwork(clientKey(request), 48)
  const limit = createRenderLimit(renderLimitFor(deps.db.$client.protocol))
  trackRenders(limit.stats)
  if (threads) trackRenderThreads(threads.stats)
  const renderPage = createPageRenderer({
    limit,
    assets: deps.assets,
    data: (request, keys) =>
      createServerData(services, {
        clientKey: clientKey(request),
        origin: origins.own,
        posted: postedForms.get(request),
        keys,
      }),
    origin: origins.page,
    onRenderError: (error) => deps.logger.error('render failed', errorFields(error)),
    elsewhere: threads
      ? ({ request, now, cached }) => threads.render(request, now, cached?.version ?? null)
      : undefined,
  })
  const pageCache = createPageCache(content, origins.page, {
    clock,
    answerHeaders: options.answerHeaders,
    uncounted: options.uncounted,
    staleHours: deps.config.STALE_PAGE_HOURS,
  })
  trackPageCache(pageCache.stats)
  return {
    renderPage,
    pageCache,
    renderClient,
    postedForms,
    fairReads: createFairReads(limit, renderClient),
    databaseUnavailable: createUnavailableAnswer(
      renderPage,
      deps.config.NODE_ENV === 'production',
      clock,
      renderClient,
    ),
  }
}

export type PageRendering = ReturnType<typeof createPageRendering>

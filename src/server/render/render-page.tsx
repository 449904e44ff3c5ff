import { dehydrate } from '@tanstack/react-query'
import { renderToReadableStream } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  RouterContextProvider,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router'
import { AppShell } from '../../app/app-shell'
import { type BootstrapData, serializeBootstrap } from '../../app/bootstrap-data'
import type { AppData } from '../../app/data/app-data'
import { leavePostContentInDocument } from '../../app/data/post-content-in-document'
import { createServerQueryClient } from '../../app/query-client'
import { serializeRouteErrors } from '../../app/route-errors'
import { loaderServicesContext } from '../../app/router-context'
import { type RouteHandle, routes } from '../../app/routes'
import { UNAVAILABLE_PAGE_TEXTS, type UnavailableStatus } from '../../shared/write-outcome'
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/errors'
import type { AssetManifest } from './assets'
import { wantsCompleteDocument } from './bots'
import { busyResponse, createRenderLimit, type RenderLimit } from './render-limit'
import { SURROGATE_KEY_HEADER } from './rendered-page'
import { renderWholeDocument } from './whole-document'

export interface RenderOptions {
  assets: AssetManifest
  /** The data interface for one request, noting in `keys` what the page reads (surrogate-keys.ts). */
  data: (request: Request, keys: Set<string>) => AppData
  /** Public origin for canonical and share-preview URLs. */
  origin: (request: Request) => string
  onRenderError: (error: unknown) => void
  /** Renders at once and in line (render-limit.ts); the defaults when not given. */
  limit?: RenderLimit
  /**
   * Renders a page for the cache on a render thread (render-threads.ts): null when none can take it, and a
   * render the thread fails is done here instead.
   */
  elsewhere?: (page: RenderRequest) => Promise<Response> | null
}

export interface RenderRequest {
  request: Request
  /** CSP nonce for the inline scripts; omitted when the page is cached and its scripts are hashed instead. */
  nonce?: string
  now: number
  /** Wait for the whole document before answering (bots, and pages rendered for the cache). */
  complete?: boolean
  /** First in line for a render turn, never refused for a full line (the signed-in administrator's pages). */
  priority?: boolean
  /** Whose page it is (client-network.ts): clients take turns in the render line (render-limit.ts). */
  client?: string
  /**
   * The site's "temporarily unavailable" page (503), without running loaders: the database is unavailable;
   * or its "not confirmed" page (504): a write the database may have applied (unavailable-page.ts).
   */
  unavailable?: UnavailableStatus
  /**
   * A page for the page cache, the same for every visitor, with the content version it will be kept under
   * (page-cache.ts): it may be rendered on a render thread, which must read data at least that new.
   */
  cached?: { version: string | null }
}

/**
 * A 503 for the database being out of reach or busy, where the router would have said 500: every route's
 * error boundary shows the "temporarily unavailable" page for it, on the server and after hydration alike.
 */
function markUnavailable(context: StaticHandlerContext, whole: UnavailableStatus | undefined): boolean {
  const status = whole ?? 503
  const unavailable = () =>
    new ErrorResponseImpl(
      status,
      status === 503 ? 'Service Unavailable' : 'Gateway Timeout',
      UNAVAILABLE_PAGE_TEXTS[status],
    )
  // Shown by the root's boundary (the first match), as a failure outside every page would be.
  if (whole) context.errors = { [context.matches[0]!.route.id]: unavailable() }
  const caught = Object.entries(context.errors ?? {}).filter(([, error]) => isDatabaseUnavailable(error))
  if (!whole && caught.length === 0) return false
  for (const [routeId] of caught) context.errors![routeId] = unavailable()
  context.statusCode = status
  return true
}

/**
 * Runs the route loaders through react-router's static handler and streams the React document to a
 * browser, or renders it whole for a reader that waits for all of it (the page cache, a bot); a page for
 * the cache may be made by a render thread instead.
 * Redirects from loaders come back as they are. Every render takes a turn from the process's render
 * limit, from its loaders until React has finished the document (not until a slow client has read it);
 * without a turn in time the answer is a 503.
 */
export function createPageRenderer({
  assets,
  data,
  origin,
  onRenderError,
  limit = createRenderLimit(),
  elsewhere,
}: RenderOptions) {
  const render = renderer({ assets, data, origin, onRenderError })
  return async function renderPage(page: RenderRequest): Promise<Response> {
    const done = await limit.acquire({ priority: page.priority, client: page.client })
    if (!done) return busyResponse(page.request, limit.options.retryAfterSeconds)
    try {
      const away = page.cached ? (elsewhere?.(page) ?? null) : null
      const rendered =
        away &&
        (await away.catch((error: unknown) => {
          onRenderError(error)
          return null
        }))
      if (rendered) {
        done()
        return rendered
      }
      return await render(page, done)
    } catch (error) {
      done()
      throw error
    }
  }
}

/** One render; `done` is called once React has finished with the document (or there is none). */
function renderer({ assets, data: createData, origin, onRenderError }: RenderOptions) {
  const handler = createStaticHandler(routes)

  return async ({ request, nonce, now, complete, unavailable }: RenderRequest, done: () => void): Promise<Response> => {
    const queryClient = createServerQueryClient()
    const keys = new Set<string>()
    const data = createData(request, keys)
    const requestContext = new RouterContextProvider()
    requestContext.set(loaderServicesContext, { queryClient, data })
    const context = await handler.query(request, {
      requestContext,
      ...(unavailable ? { filterMatchesToLoad: () => false } : {}),
    })
    if (context instanceof Response) {
      done()
      return context
    }
    const outOfReach = markUnavailable(context, unavailable)

    const router = createStaticRouter(handler.dataRoutes, context)
    // The matched pages' chunks download in parallel with the entry instead of after it.
    const routePreloads = context.matches.flatMap((match) => {
      const handle = match.route.handle as RouteHandle | undefined
      return handle ? (assets.routeChunks[handle.module] ?? []) : []
    })
    const queries = dehydrate(queryClient)
    const bootstrap: BootstrapData = {
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeRouteErrors(context.errors),
      },
      queries,
      postContentInDocument: leavePostContentInDocument(queries),
      request: { now, origin: origin(request) },
      assets: {
        styles: assets.styles,
        modulePreloads: [...new Set([...assets.modulePreloads, ...routePreloads])],
        editorStyles: assets.editorStyles,
        files: assets.files,
      },
    }

    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
    for (const routeHeaders of Object.values(context.loaderHeaders)) {
      for (const [name, value] of routeHeaders) headers.set(name, value)
    }
    if (keys.size > 0) headers.set(SURROGATE_KEY_HEADER, [...keys].join(' '))
    if (outOfReach) {
      headers.set('retry-after', String(DATABASE_UNAVAILABLE.retryAfterSeconds))
      headers.set('cache-control', 'no-store')
    }
    const tree = (
      <AppShell bootstrap={bootstrap} queryClient={queryClient} data={data}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    )
    const bootstrapScriptContent = serializeBootstrap(bootstrap)

    const whole = complete || wantsCompleteDocument(request.headers.get('user-agent'))
    const html = whole
      ? renderWholeDocument(tree, { bootstrapScriptContent, bootstrapModule: assets.entry, nonce })
      : null
    if (html !== null) {
      done()
      return new Response(html, { status: context.statusCode, headers })
    }
    const stream = await renderToReadableStream(tree, {
      nonce,
      bootstrapScriptContent,
      bootstrapModules: [assets.entry],
      signal: request.signal,
      onError: onRenderError,
    })
    stream.allReady.then(done, done)
    if (whole) await stream.allReady
    return new Response(stream, { status: context.statusCode, headers })
  }
}

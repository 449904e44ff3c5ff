import { join } from 'node:path'
import { Elysia } from 'elysia'
import { APPLICATION_RETENTION_DAYS_DEFAULT } from '../shared/application-pipeline'
import { PAGES } from '../shared/paths'
import { derivePreviewDigest, type PreviewGate } from '../shared/preview'
import type { AppDeps } from './app-deps'
import { createAuditLog, type RecordEvent } from './audit/audit-log'
import { adminSessionPlugin } from './auth/admin-session'
import { createSessionStore } from './auth/sessions'
import { createTwoFactor } from './auth/two-factor'
import { createContentVersion } from './cache/content-version'
import { reachabilityLog } from './db/errors'
import { createLoginThrottle } from './features/admin/login-throttle'
import { adminRoutes } from './features/admin/routes'
import { adminSecurityRoutes } from './features/admin/security-routes'
import { createAdminAuthService } from './features/admin/service'
import { adminApplicationRoutes } from './features/applications/admin-routes'
import { createApplicationAdminService } from './features/applications/admin-service'
import { type PostedForm, receiveFormPost } from './features/applications/form-post'
import { applicationRoutes } from './features/applications/routes'
import { eventRoutes } from './features/event/routes'
import { createFeedCache } from './features/feeds/feed-cache'
import { feedRoute, feedRoutes, feedsFromMemory } from './features/feeds/routes'
import { healthRoutes } from './features/health/routes'
import { adminJobRoutes } from './features/jobs/admin-routes'
import { createAdminJobService } from './features/jobs/admin-service'
import { publicJobRoutes } from './features/jobs/routes'
import { adminMailRoutes } from './features/mail/routes'
import { mediaRoutes } from './features/media/routes'
import { MEDIA_ROUTE, mediaFromMemory } from './features/media/send-file'
import { createMediaService, postMediaStore } from './features/media/service'
import { metricsRoutes } from './features/metrics/routes'
import { adminPostRoutes } from './features/posts/admin-routes'
import { createAdminPostService } from './features/posts/admin-service'
import { postPreviewRoutes } from './features/posts/preview-routes'
import { publicPostRoutes } from './features/posts/routes'
import { previewRoutes } from './features/preview/routes'
import { tagRoutes } from './features/tags/routes'
import { createTagService } from './features/tags/service'
import { createFrontDoor } from './front-door'
import { type AnswerSource, createAnswerLog } from './http/answer-log'
import { declaresBodyOver, REQUEST_BODY_CAP_BYTES } from './http/body-bytes'
import { clientNetwork } from './http/client-network'
import { compressResponse } from './http/compression'
import { errorAnswers } from './http/error-answers'
import { errorFields } from './http/error-fields'
import { jsonError } from './http/json-body'
import { createMethodPolicy, takesFormPost } from './http/method-policy'
import { clientAddress, formPostRefusal, isCrossSiteWrite } from './http/request-guards'
import { nextRequestId } from './http/request-id'
import { requestOnOrigin, siteOrigins } from './http/request-target'
import { createNonce, fixedSecurityHeaders, securityHeaders } from './http/security-headers'
import { createWarmUp } from './http/warm-up'
import { createOutboxReader } from './mail/outbox'
import { trackPageCache, trackRenders, trackRenderThreads, trackUploads } from './metrics/metrics'
import { createPublicServices } from './public-services'
import { DIST_DIR } from './render/assets'
import { createFairReads } from './render/fair-reads'
import { createPageCache, isCacheablePage } from './render/page-cache'
import { pageRoute } from './render/page-route'
import { createRenderLimit, renderLimitFor } from './render/render-limit'
import { createPageRenderer } from './render/render-page'
import { createServerData } from './render/server-data'
import { createStaticFiles } from './render/static-files'
import { createUnavailableAnswer } from './render/unavailable-page'

const ROOT = join(import.meta.dir, '..', '..')

/** The route an answer from memory is counted under in the metrics: a pattern, never a raw path. */
const memoryRoute = (source: AnswerSource, path: string) =>
  source === 'media' ? MEDIA_ROUTE : source === 'feed' ? feedRoute(path) : pageRoute(path)

/**
 * Builds the whole HTTP surface: `fetch` is what the server answers with (main.ts) and what API tests call;
 * `app` is the framework's part of it, behind the front door.
 */
export function createApp(deps: AppDeps) {
  const { config, db, logger, clock = Date.now, draining = () => false } = deps
  const production = config.NODE_ENV === 'production'
  // The per-request nonce is for streamed pages: files need no inline script, cached pages carry hashes.
  const answerHeaders = fixedSecurityHeaders(production)
  const staticFiles = createStaticFiles({
    publicDir: deps.publicDir ?? join(ROOT, 'public'),
    assetsDir: join(deps.distDir ?? DIST_DIR, 'assets'),
    answerHeaders,
  })
  const origins = siteOrigins(config.SITE_URL)
  const origin = origins.page
  const emailOrigin = () => origins.own
  const previewGate: PreviewGate = deps.previewGate ?? { configured: false, digest: null, hint: null }
  const contentVersion = createContentVersion(db, clock, reachabilityLog(logger))
  const cacheContent = deps.cachePages !== false
  const mail = deps.mail ?? null
  const retentionDays = config.APPLICATION_RETENTION_DAYS ?? APPLICATION_RETENTION_DAYS_DEFAULT
  const outbox = createOutboxReader(db)
  const services = createPublicServices(db, {
    content: contentVersion,
    clock,
    cacheContent,
    mail,
    retentionDays,
    previewGate,
    ipv6Prefix: config.LIMIT_IPV6_PREFIX,
    uploads: { budgetMbPerDay: config.UPLOAD_BUDGET_MB_PER_DAY, warn: logger.warn },
    renderThreads: deps.renderThreads,
  })
  trackUploads(services.applications.uploadStats)
  /** A form posted to a job's page, read before its render, for the page's action (server-data.ts). */
  const postedForms = new WeakMap<Request, PostedForm>()
  const sessions = createSessionStore(db, clock)
  const session = adminSessionPlugin(sessions, { secureCookies: production })
  const warming = createWarmUp(draining)
  const pageCache = createPageCache(contentVersion, origin, { clock, answerHeaders, uncounted: warming.quiet })
  trackPageCache(pageCache.stats)
  const media = createMediaService(db, { content: contentVersion, clock })
  const clientKeys = new WeakMap<Request, string>()
  const peerAddresses = new WeakMap<Request, string | undefined>()
  const clientKey = (request: Request) => clientKeys.get(request) ?? 'unknown'
  const renderClient = (request: Request) => clientNetwork(clientKey(request), 48)
  const audit = createAuditLog(db, { clock, retentionDays: config.AUDIT_RETENTION_DAYS })
  const record: RecordEvent = (request, type, subject) =>
    audit.record(type, { clientAddress: clientKey(request), subject })
  const twoFactor = createTwoFactor(db, clock)
  const auth = createAdminAuthService({
    password: deps.adminPassword,
    throttle: createLoginThrottle(db, { clock, sleep: deps.sleep, ipv6Prefix: config.LIMIT_IPV6_PREFIX }),
    twoFactor,
    isPreviewPassword: async (candidate) =>
      previewGate.configured &&
      (await derivePreviewDigest(candidate, previewGate.salt, previewGate.iterations)) === previewGate.digest,
  })
  const threads = deps.renderThreads
  const renderLimit = createRenderLimit(renderLimitFor(db.$client.protocol))
  const fairReads = createFairReads(renderLimit, renderClient)
  trackRenders(renderLimit.stats)
  if (threads) trackRenderThreads(threads.stats)
  const renderPage = createPageRenderer({
    limit: renderLimit,
    assets: deps.assets,
    data: (request) =>
      createServerData(services, {
        clientKey: clientKey(request),
        origin: emailOrigin(),
        posted: postedForms.get(request),
      }),
    origin,
    onRenderError: (error) => logger.error('render failed', errorFields(error)),
    elsewhere: threads
      ? ({ request, now, cached }) => threads.render(request, now, cached?.version ?? null)
      : undefined,
  })
  const answered = createAnswerLog({
    logger,
    logRequests: config.LOG_REQUESTS,
    clientOf: (request) =>
      clientKeys.get(request) ??
      clientAddress(request, app.server?.requestIP(request)?.address, config.TRUST_PROXY === 'true'),
    cacheOutcome: pageCache.outcome,
    quiet: warming.quiet,
  })
  const feeds = createFeedCache(contentVersion, answerHeaders)
  const frontDoor = createFrontDoor({
    staticFiles,
    pageCache: cacheContent ? pageCache : null,
    mediaFiles: mediaFromMemory(media, answerHeaders),
    feeds: feedsFromMemory(feeds, origin),
    draining,
    answered: (request, path, status, ms, requestId, source) =>
      answered(request, memoryRoute(source, path), path, status, ms, requestId, { source }),
  })

  const databaseUnavailable = createUnavailableAnswer(renderPage, production, clock, renderClient)

  const app = new Elysia()
  const methods = createMethodPolicy(() => app.routes)

  app
    // HTTP semantics (issue 18): a request without Host is read on the site's origin (http/request-target.ts).
    .onRequest((ctx) => {
      // Closed after answering, so a client that declared gigabytes does not get to send them.
      if (declaresBodyOver(ctx.request, REQUEST_BODY_CAP_BYTES))
        return jsonError(413, 'The request body is too large', { connection: 'close' })
      const onOrigin = requestOnOrigin(ctx.request, origins.own)
      if (!onOrigin) return jsonError(400, 'The Host header is not valid')
      if (onOrigin === ctx.request) return
      // Only the request Bun made knows the client's address.
      peerAddresses.set(onOrigin, ctx.server?.requestIP(ctx.request)?.address)
      ctx.request = onOrigin
    })
    .derive({ as: 'global' }, ({ set, request, server }) => {
      const nonce = createNonce()
      const requestId = nextRequestId()
      Object.assign(set.headers, securityHeaders(nonce, production), { 'x-request-id': requestId })
      const peer = server?.requestIP(request)?.address ?? peerAddresses.get(request)
      clientKeys.set(request, clientAddress(request, peer, config.TRUST_PROXY === 'true'))
      return { nonce, requestId, startedAt: performance.now() }
    })
    // Before the routes' own transform (the session check): a cross-site write is refused as such (403).
    .onTransform({ as: 'global' }, ({ request, status }) => {
      if (isCrossSiteWrite(request, config.SITE_URL))
        return status(403, { error: 'Cross-site requests are not allowed' }) as unknown as undefined
    })
    .mapResponse({ as: 'global' }, ({ request, responseValue, set }) => {
      // Decided when the answer is made, not when the request came: one that was in flight when the
      // shutdown began must also tell its client not to send another request on this connection.
      if (draining()) set.headers.connection = 'close'
      return responseValue instanceof Response ? compressResponse(request, responseValue) : undefined
    })
    .use(errorAnswers(logger, databaseUnavailable))
    .onAfterResponse({ as: 'global' }, (ctx) => {
      // Answered in onRequest (a 413, a bad Host): before the request was timed.
      if (!('startedAt' in ctx)) return
      const response = 'responseValue' in ctx ? ctx.responseValue : undefined
      const status = response instanceof Response ? response.status : (ctx.set.status ?? 200)
      // The catch-all route is every page: it is labelled with the page's own route pattern.
      const route = ctx.route === '/*' ? pageRoute(ctx.path) : ctx.route
      answered(ctx.request, route, ctx.path, status, performance.now() - ctx.startedAt, ctx.requestId)
    })
    .use(healthRoutes(db, draining))
    .use(metricsRoutes(config.METRICS_TOKEN))
    .use(publicPostRoutes(services.posts, fairReads))
    .use(postPreviewRoutes(services.previews))
    .use(publicJobRoutes(services.jobs, fairReads))
    .use(applicationRoutes(services.applications, { clientKey, origin: emailOrigin, retentionDays }))
    .use(adminRoutes(auth, twoFactor, session, { clientKey, record }))
    .use(adminSecurityRoutes({ auth, twoFactor, sessions, audit, session, clientKey, record, clock }))
    .use(
      adminApplicationRoutes(createApplicationAdminService(db, { content: contentVersion, outbox, clock }), session, {
        record,
        clock,
      }),
    )
    .use(adminMailRoutes(outbox, session, { configured: mail !== null, wake: () => mail?.wake(), clock }))
    .use(adminJobRoutes(createAdminJobService(db, { content: contentVersion, clock }), session, { record, clock }))
    .use(
      adminPostRoutes(
        createAdminPostService(db, { content: contentVersion, media: postMediaStore(media), clock }),
        session,
        { previews: services.previews, origin, record },
      ),
    )
    .use(mediaRoutes(media, session, answerHeaders))
    .use(tagRoutes(createTagService(db, { content: contentVersion }), session, record))
    .use(eventRoutes(services.event, session, record, clock))
    .use(feedRoutes(services.posts, services.jobs, { origin, feeds }))
    .use(previewRoutes(previewGate))
    .use(session)
    .get('/*', async ({ request, nonce, path, cookie, redirect, adminSession }) => {
      const file = staticFiles.serve(request, path)
      if (file) return file
      if (path.startsWith('/api/')) return methods.refuse(request, path)
      // The admin screen is only sent to a live session, and the login screen only to visitors without one.
      const adminPage = path.toLowerCase()
      if (adminPage === PAGES.adminBlog || adminPage === PAGES.adminLogin) {
        const signedIn = await adminSession.isSignedIn(cookie)
        if (adminPage === PAGES.adminBlog && !signedIn) return redirect(PAGES.adminLogin, 302)
        if (adminPage === PAGES.adminLogin && signedIn) return redirect(PAGES.adminBlog, 302)
        // A flood of uncached pages fills the render line: the administrator's screen still goes first.
        if (signedIn) return renderPage({ request, nonce, now: clock(), priority: true })
      }
      const client = renderClient(request)
      if (cacheContent && isCacheablePage(request, path)) {
        // Rendered from the page's own request (its canonical URL, no abort signal): others may wait on it.
        const cached = (page: Request, version: string | null) =>
          renderPage({ request: page, now: clock(), complete: true, cached: { version }, client })
        return pageCache.serve(request, cached, client)
      }
      return renderPage({ request, nonce, now: clock(), client })
    })
    // Form posts to pages run the route's action (the application form without JavaScript).
    .post(
      '/*',
      async ({ request, nonce, path, status }) => {
        if (!takesFormPost(path)) return methods.refuse(request, path)
        const refused = formPostRefusal(request)
        if (refused) return status(refused.status, { error: refused.error })
        // Read (or refused) before the page takes a render turn; the page's action shows the outcome.
        const posted = await receiveFormPost(request, services.applications, clientKey(request))
        postedForms.set(request, posted)
        try {
          const page = await renderPage({ request, nonce, now: clock(), client: renderClient(request) })
          for (const [name, value] of Object.entries(posted.headers)) page.headers.set(name, value)
          return page
        } finally {
          posted.release()
        }
      },
      { parse: 'none' },
    )
    // Every other method, on every path no route declares it for.
    .all('/*', ({ request, path }) => methods.refuse(request, path), { parse: 'none' })
  const fetch = warming.visiting((request: Request) => frontDoor(request) ?? app.fetch(request))
  /** Once the server listens (main.ts). */
  const warmUp = () => warming.run(fetch, origins.own, pageCache.forget)
  return { app, fetch, warmUp, flushLogs: answered.flush }
}

export type Site = ReturnType<typeof createApp>

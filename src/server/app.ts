import { join } from 'node:path'
import { Elysia } from 'elysia'
import type { AppDeps } from './app-deps'
import { createAppServices } from './app-services'
import { trackRequestWrites } from './db/unconfirmed-writes'
import { adminPlugin } from './features/admin/plugin'
import { analyticsPlugin } from './features/analytics/plugin'
import { receiveFormPost } from './features/applications/form-post'
import { applicationsPlugin } from './features/applications/plugin'
import { eventRoutes } from './features/event/routes'
import { createFeedCache } from './features/feeds/feed-cache'
import { feedRoutes, feedsFromMemory } from './features/feeds/routes'
import { healthRoutes } from './features/health/routes'
import { jobsPlugin } from './features/jobs/plugin'
import { adminMailRoutes } from './features/mail/routes'
import { mediaRoutes } from './features/media/routes'
import { mediaFromMemory } from './features/media/send-file'
import { postMediaStore } from './features/media/service'
import { metricsRoutes } from './features/metrics/routes'
import { postsPlugin } from './features/posts/plugin'
import { previewerRoutes } from './features/previewer/routes'
import { settingsPlugin } from './features/settings/plugin'
import { staffPlugin } from './features/staff/plugin'
import { subscribersPlugin } from './features/subscribers/plugin'
import { tagsPlugin } from './features/tags/plugin'
import { webhooksPlugin } from './features/webhooks/plugin'
import { createFrontDoor, memoryRoute } from './front-door'
import { createMethodPolicy } from './http/method-policy'
import { siteOrigins } from './http/request-target'
import { fixedSecurityHeaders } from './http/security-headers'
import { createClients } from './lifecycle/clients'
import { lifecycle } from './lifecycle/plugin'
import { createAnswerLog } from './observability/answer-log'
import { pagesPlugin } from './pages/plugin'
import { createPageRendering } from './pages/rendering'
import { createWarmUp } from './process/warm-up'
import { DIST_DIR } from './render/assets'
import { createStaticFiles } from './render/static-files'
import { ROOT } from './repo-paths'

/**
 * The composition root: wires the shared services (app-services.ts) into the lifecycle, the feature
 * plugins and the pages. `fetch` is what the server answers with (main.ts) and what API tests call;
 * `app` is the framework's part of it, behind the front door.
 */
export function createApp(deps: AppDeps) {
  const { config, db, logger, clock = Date.now, draining = () => false } = deps
  const cachePages = deps.cachePages !== false
  // The per-request nonce is for streamed pages: files need no inline script, cached pages carry hashes.
  const answerHeaders = fixedSecurityHeaders(config.NODE_ENV === 'production')
  const staticFiles = createStaticFiles({
    publicDir: deps.publicDir ?? join(ROOT, 'public'),
    assetsDir: join(deps.distDir ?? DIST_DIR, 'assets'),
    answerHeaders,
  })
  const origins = siteOrigins(config.SITE_URL)
  const app = new Elysia()
  const clients = createClients({ trust: config.TRUST_PROXY, server: () => app.server, logger })
  const services = createAppServices(deps, clock, clients.key, origins)
  const { reads, content, media, outbox, mail, applications, feature, admin, staff, previewerGate } = services
  const warming = createWarmUp(draining)
  const rendering = createPageRendering(deps, {
    services: reads,
    content,
    clock,
    origins,
    answerHeaders,
    clientKey: clients.key,
    uncounted: warming.quiet,
  })
  const { pageCache, fairReads: fair } = rendering
  const answered = createAnswerLog({
    logger,
    logRequests: config.LOG_REQUESTS,
    clientOf: clients.address,
    cacheOutcome: pageCache.outcome,
    quiet: warming.quiet,
  })
  const feeds = createFeedCache(content, answerHeaders, { clock, staleHours: config.STALE_PAGE_HOURS })
  const frontDoor = createFrontDoor({
    staticFiles,
    pageCache: cachePages ? pageCache : null,
    mediaFiles: mediaFromMemory(media, answerHeaders),
    feeds: feedsFromMemory(feeds, origins.page),
    draining,
    answered: (request, path, status, ms, requestId, source) =>
      answered(request, memoryRoute(source, path), path, status, ms, requestId, { source }),
  })
  const rules = lifecycle({
    siteUrl: config.SITE_URL,
    ownOrigin: origins.own,
    production: config.NODE_ENV === 'production',
    clients,
    draining,
    logger,
    databaseUnavailable: rendering.databaseUnavailable,
    answered,
  })

  app
    .use(rules)
    .use(healthRoutes(db, draining))
    .use(metricsRoutes(config.METRICS_TOKEN))
    .use(
      postsPlugin(feature, {
        posts: reads.posts,
        draftLinks: reads.draftLinks,
        media: postMediaStore(media),
        fair,
        origin: origins.page,
        newsletterOf: services.subscribers.newsletterOf,
      }),
    )
    .use(jobsPlugin(feature, { jobs: reads.jobs, fair }))
    .use(applicationsPlugin(feature, { ...applications, applications: reads.applications }))
    .use(adminPlugin(feature, admin))
    .use(staffPlugin(feature, staff))
    .use(subscribersPlugin(feature, services.subscribers))
    .use(adminMailRoutes(outbox, feature.session, { configured: mail !== null, wake: () => mail?.wake(), clock }))
    .use(mediaRoutes(media, feature.session, answerHeaders))
    .use(tagsPlugin(feature))
    .use(eventRoutes(reads.event, feature, origins.page))
    .use(webhooksPlugin(feature, { origin: origins.own, wake: () => deps.wake?.webhooks() }))
    .use(settingsPlugin(feature, reads.siteFacts))
    .use(analyticsPlugin(feature, services.analytics))
    .use(feedRoutes(reads, { origin: origins.page, feeds }))
    .use(previewerRoutes(previewerGate))
    .use(
      pagesPlugin({
        lifecycle: rules,
        session: feature.session,
        rendering,
        staticFiles,
        cachePages,
        clock,
        methods: createMethodPolicy(() => app.routes),
        receiveForm: (request) => receiveFormPost(request, reads.applications, clients.key(request)),
      }),
    )
  const fetch = warming.visiting(trackRequestWrites((request: Request) => frontDoor(request) ?? app.fetch(request)))
  /** Once the server listens (main.ts); with `rounds` 0 it only stops counting the visitors it would have waited for. */
  const warmUp = (rounds?: number) => warming.run(fetch, origins.own, pageCache.forget, { rounds })
  return { app, fetch, warmUp, flushLogs: answered.flush, analytics: services.analytics }
}

export type Site = ReturnType<typeof createApp>

import { createContentVersion } from './cache/content-version'
import { openDatabase } from './db/client'
import { siteOrigins } from './http/request-target'
import { errorFields } from './observability/error-fields'
import { createJsonLogger } from './observability/logger'
import { createPublicServices } from './public-services'
import { createRenderLimit, renderLimitFor } from './render/render-limit'
import { createPageRenderer } from './render/render-page'
import type {
  RenderThreadMessage,
  RenderThreadStart,
  ThreadRenderCall,
  ThreadRendered,
  ThreadRenderReply,
  ThreadStartReply,
} from './render/render-threads'
import { createServerData } from './render/server-data'

declare const self: Worker

/**
 * A render thread (render/render-threads.ts): renders pages for the main thread's page cache with services
 * of its own over its own database connection, on the main thread's clock. Each page brings the content
 * version it will be kept under, and the thread takes it as current before reading.
 */
/** Failed database calls since the last reply: the main thread counts them in its metrics. */
const databaseErrors: (string | undefined)[] = []

async function startRenderer(start: RenderThreadStart) {
  const clock = () => Date.now() + start.clockOffsetMs
  const db = await openDatabase({ ...start.database, onError: (code) => databaseErrors.push(code) })
  const logger = createJsonLogger({ level: start.logLevel })
  // Told the main thread's version with each page (adopt): it reads no changes of its own to go by.
  const content = createContentVersion(db, clock, undefined, { readsChanges: false })
  const services = createPublicServices(db, {
    content,
    clock,
    cacheContent: true,
    // Pages for the cache are read, never posted to: no application is sent from here.
    mail: null,
    retentionDays: start.retentionDays,
    previewerGate: start.previewerGate,
  })
  const origins = siteOrigins(start.siteUrl)
  const renderPage = createPageRenderer({
    assets: start.assets,
    data: (_, keys) => createServerData(services, { clientKey: 'render-thread', origin: origins.own, keys }),
    origin: origins.page,
    onRenderError: (error) => logger.error('render failed', errorFields(error)),
    limit: createRenderLimit(renderLimitFor(db.$client.protocol)),
  })
  return { renderPage, content, posts: services.posts }
}

let renderer: ReturnType<typeof startRenderer> | null = null

async function answer({ id, url, headers, now, version, search }: ThreadRenderCall): Promise<ThreadRendered> {
  if (!renderer) return { id, error: 'render thread not started' }
  try {
    const { renderPage, content, posts } = await renderer
    if (version !== null) content.adopt(version)
    if (search) {
      const result = await posts.search(search.query, search.limit)
      return { id, status: 200, headers: [], html: JSON.stringify(result) }
    }
    const response = await renderPage({ request: new Request(url, { headers }), now, complete: true })
    return { id, status: response.status, headers: [...response.headers], html: await response.text() }
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) }
  }
}

self.onmessage = (event: MessageEvent<RenderThreadMessage>) => {
  const message = event.data
  if ('start' in message) {
    renderer = startRenderer(message.start)
    // A thread that cannot open the database is of no use: it says why, the main thread stops it and
    // renders in line.
    renderer.then(
      () => self.postMessage({ ready: true } satisfies ThreadStartReply),
      (error: unknown) =>
        self.postMessage({ failed: error instanceof Error ? error.message : String(error) } satisfies ThreadStartReply),
    )
    return
  }
  void answer(message).then((reply) =>
    self.postMessage({ ...reply, databaseErrors: databaseErrors.splice(0) } satisfies ThreadRenderReply),
  )
}

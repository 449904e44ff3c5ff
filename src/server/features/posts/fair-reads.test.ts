import { afterEach, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { type PostSummary, SEARCH_RESULTS_LIMIT, SEARCH_TOTAL_HEADER } from '../../../shared/blog'
import { createContentVersion } from '../../cache/content-version'
import { heldBy } from '../../cache/versioned-reads'
import { createFairReads } from '../../render/fair-reads'
import { createRenderLimit, DEFAULT_RENDER_LIMIT } from '../../render/render-limit'
import { cachePublicPosts } from './cached-service'
import { createPublicPostService } from './service'

const NOW = Date.UTC(2030, 4, 20, 15)
const apps: TestApp[] = []
afterEach(() => {
  for (const app of apps.splice(0)) app.close()
})
async function app(renderThreads?: number) {
  const made = await createTestApp({ now: () => NOW, seed: true, renderThreads })
  apps.push(made)
  return made
}
const titles = async (res: Response) => ((await res.json()) as PostSummary[]).map((post) => post.title)

test('a JSON search no cache holds runs on a render thread, and answers what the main thread would', async () => {
  const threaded = await app(1)
  const inline = await app()
  for (const path of [
    '/api/blog/search?q=plush',
    '/api/blog/search?q=donation&limit=100',
    '/api/blog/search?q=golff',
  ]) {
    const [away, here] = await Promise.all([threaded.request(path), inline.request(path)])
    expect(away.headers.get(SEARCH_TOTAL_HEADER)).toBe(here.headers.get(SEARCH_TOTAL_HEADER))
    expect(await titles(away)).toEqual(await titles(here))
  }
  expect(threaded.renderThreads?.stats()).toEqual({ threads: 1, rendered: 3, failed: 0 })
  // Held by the main thread's cache now: asked again, no thread is asked.
  expect((await threaded.request('/api/blog/search?q=plush')).status).toBe(200)
  expect(threaded.renderThreads?.stats().rendered).toBe(3)
})

test('any limit is served from the suggestions’ read or the results’ read, cut to what was asked', async () => {
  const t = await app(1)
  const all = await titles(await t.request(`/api/blog/search?q=e&limit=${SEARCH_RESULTS_LIMIT}`))
  expect(all.length).toBeGreaterThan(7)
  for (const limit of [6, 7, 50])
    expect(await titles(await t.request(`/api/blog/search?q=e&limit=${limit}`))).toEqual(all.slice(0, limit))
  expect(await titles(await t.request('/api/blog/search?q=e&limit=2'))).toEqual(all.slice(0, 2))
  // Two reads in all: the results' page and the suggestions' few; the other limits made none.
  expect(t.renderThreads?.stats().rendered).toBe(2)
})

test('searches no cache holds take turns in the render line by client: one flooding client waits for its own', async () => {
  const t = await app()
  const content = createContentVersion(t.db, () => NOW)
  const posts = cachePublicPosts(
    createPublicPostService(t.db, () => NOW),
    content,
  )
  const line = createRenderLimit({ ...DEFAULT_RENDER_LIMIT, concurrency: 1 })
  const fairReads = createFairReads(line, (request) => request.headers.get('x-client')!)
  const fair = (request: Request, query: string, limit: number) =>
    fairReads(request, heldBy(posts.search, query, limit), () => posts.search(query, limit))
  const from = (client: string) => new Request('http://localhost/api/blog/search', { headers: { 'x-client': client } })
  const held = await line.acquire({ client: 'someone' })
  const finished: string[] = []
  const search = (client: string, query: string) =>
    fair(from(client), query, 5).then((result) => {
      expect(result).not.toBeInstanceOf(Response)
      finished.push(`${client}:${query}`)
    })
  const flood = ['golf', 'plush', 'crane'].map((query) => search('flood', query))
  const visitor = search('visitor', 'trophy')
  held!()
  await Promise.all([...flood, visitor])
  expect(finished).toEqual(['flood:golf', 'visitor:trophy', 'flood:plush', 'flood:crane'])
  // Held by the cache: answered without a turn, even while the line is taken.
  const taken = await line.acquire({ client: 'someone' })
  await search('visitor', 'trophy')
  expect(line.stats()).toMatchObject({ running: 1, waiting: 0 })
  taken!()
})

test('past the line, a search is refused with the line’s 503 and Retry-After', async () => {
  const t = await app()
  const posts = createPublicPostService(t.db, () => NOW)
  const line = createRenderLimit({ ...DEFAULT_RENDER_LIMIT, concurrency: 1, queue: 0, maxWaitMs: 50 })
  const fair = createFairReads(line, () => 'flood')
  const held = await line.acquire()
  // As the site's own client and curl ask: no Accept naming JSON, and the answer is JSON all the same.
  const refused = await fair(new Request('http://localhost/api/blog/search?q=golf'), undefined, () =>
    posts.search('golf', 5),
  )
  held!()
  expect(refused).toBeInstanceOf(Response)
  expect((refused as Response).status).toBe(503)
  expect((refused as Response).headers.get('retry-after')).toBe(String(DEFAULT_RENDER_LIMIT.retryAfterSeconds))
  expect(await (refused as Response).json()).toHaveProperty('error')
})

import { afterAll, beforeAll, expect, test } from 'bun:test'
import { brotliDecompressSync } from 'node:zlib'
import { adminClient } from '../../../tests/support/admin-client'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../tests/support/test-app'
import { createApp } from '../app'
import { loadAdminPassword } from '../auth/password'
import { openDatabase } from '../db/client'
import { BROTLI_QUALITY, BROTLI_QUICK_QUALITY, brotli } from '../http/compression'
import { loadAssetManifest } from '../render/assets'
import { createPageCache } from './page-cache'
import { busyResponse, createRenderLimit } from './render-limit'

let now = Date.UTC(2030, 6, 1, 12)
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: () => now, seed: true })
})
afterAll(() => t.close())

const titleOf = async (app: { fetch: (r: Request) => Response | Promise<Response> }, path: string) => {
  const res = await app.fetch(new Request(`http://localhost${path}`))
  return /<title>(.*?)<\/title>/.exec(await res.text())?.[1]
}

test('an admin edit is visible on the next public request with the page cache on', async () => {
  const admin = adminClient(t)
  await admin.login()
  const list = await admin.json<{ id: number; slug: string; title: string }[]>('GET', '/api/blog/admin-summary')
  const post = list.find((p) => p.slug === 'crane-booth-update')!
  expect(await titleOf(t, `/blog/${post.slug}`)).toBe(`${post.title} | Blog`)
  expect(await titleOf(t, `/blog/${post.slug}`)).toBe(`${post.title} | Blog`)
  const full = await admin.json<Record<string, unknown>>('GET', `/api/blog/${post.id}`)
  const res = await admin.request('PUT', `/api/blog/${post.id}`, {
    title: 'The Crane Booth, Revisited',
    slug: post.slug,
    content: full.content,
    excerpt: full.excerpt,
    status: 'published',
  })
  expect(res.status).toBe(200)
  expect(await titleOf(t, `/blog/${post.slug}`)).toBe('The Crane Booth, Revisited | Blog')
})

test('a second process on the same database sees the write within a second, in pages and the API', async () => {
  const otherDb = await openDatabase({ url: t.databaseUrl })
  const other = createApp({
    config: { NODE_ENV: 'test', LOG_REQUESTS: 'false', SITE_URL: undefined },
    db: otherDb,
    adminPassword: await loadAdminPassword(t.db, TEST_ADMIN_PASSWORD, () => {}),
    assets: loadAssetManifest(),
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    clock: () => now,
  })
  const apiTitle = async () =>
    (
      (await (await other.fetch(new Request('http://localhost/api/blog/slug/golf-cart-gamepass'))).json()) as {
        title: string
      }
    ).title
  const before = await titleOf(other, '/blog/golf-cart-gamepass')
  const apiBefore = await apiTitle()
  const admin = adminClient(t)
  await admin.login()
  const list = await admin.json<{ id: number; slug: string }[]>('GET', '/api/blog/admin-summary')
  const post = list.find((p) => p.slug === 'golf-cart-gamepass')!
  const full = await admin.json<Record<string, unknown>>('GET', `/api/blog/${post.id}`)
  await admin.request('PUT', `/api/blog/${post.id}`, {
    title: 'Golf Carts, Now in Gold',
    slug: post.slug,
    content: full.content,
    status: 'published',
  })
  expect(await titleOf(other, '/blog/golf-cart-gamepass')).toBe(before)
  expect(await apiTitle()).toBe(apiBefore)
  now += 1100
  expect(await titleOf(other, '/blog/golf-cart-gamepass')).toBe('Golf Carts, Now in Gold | Blog')
  expect(await apiTitle()).toBe('Golf Carts, Now in Gold')
  otherDb.$client.close()
})

test('the NEW badge and the footer year follow the day, not the time the page was cached', async () => {
  now = Date.UTC(2030, 11, 31, 23, 0)
  const before = await (await t.request('/jobs')).text()
  expect(before).toContain('© 2030')
  now = Date.UTC(2031, 0, 1, 0, 30)
  const after = await (await t.request('/jobs')).text()
  expect(after).toContain('© 2031')
})

test('visitors arriving together at a page that is not cached yet share one render', async () => {
  const version = { current: async () => 'v1', known: () => 'v1' }
  const cache = createPageCache(version, () => 'http://localhost', { clock: () => now })
  let renders = 0
  const render = async () => {
    renders++
    await Bun.sleep(20)
    return new Response(`<html><body>render ${renders}</body></html>`, { headers: { 'content-type': 'text/html' } })
  }
  const pages = await Promise.all(
    Array.from({ length: 20 }, () => cache.serve(new Request('http://localhost/together'), render)),
  )
  expect(renders).toBe(1)
  expect(new Set(await Promise.all(pages.map((page) => page.text())))).toEqual(
    new Set(['<html><body>render 1</body></html>']),
  )
})

test('a failed render is shared by the visitors waiting on it, with its CSP, and not kept for the next one', async () => {
  const version = { current: async () => 'v1', known: () => 'v1' }
  const cache = createPageCache(version, () => 'http://localhost', { clock: () => now })
  let renders = 0
  const render = async () => {
    renders++
    await Bun.sleep(20)
    const html = `<html><body><script>window.attempt = ${renders}</script></body></html>`
    return new Response(html, { status: renders === 1 ? 500 : 200, headers: { 'content-type': 'text/html' } })
  }
  const together = await Promise.all(
    Array.from({ length: 3 }, () => cache.serve(new Request('http://localhost/flaky'), render)),
  )
  expect(renders).toBe(1)
  expect(together.map((r) => r.status)).toEqual([500, 500, 500])
  expect(together[0]!.headers.get('content-security-policy')).toContain("'sha256-")
  const next = await cache.serve(new Request('http://localhost/flaky'), render)
  expect([renders, next.status]).toEqual([2, 200])
})

test('a visitor waiting on a render a flooding client started asks in a line of their own when it is refused', async () => {
  const cache = createPageCache({ current: async () => 'v1', known: () => 'v1' }, () => 'http://localhost', {
    clock: () => now,
  })
  const limit = createRenderLimit({ concurrency: 1, queue: 3, maxWaitMs: 1000, retryAfterSeconds: 2, sliceMs: 0 })
  const renderFor = (client: string) => async (page: Request) => {
    const done = await limit.acquire({ client })
    if (!done) return busyResponse(page, 2)
    done()
    const html = `<html><body>${new URL(page.url).pathname} for ${client}</body></html>`
    return new Response(html, { headers: { 'content-type': 'text/html' } })
  }
  const serve = (path: string, client: string) =>
    cache.serve(new Request(`http://localhost${path}`), renderFor(client), client)
  const running = await limit.acquire({ client: 'flood' })
  // The flood asks for the shared page twice, the second time joining its own render, ahead of the visitor.
  const flood = ['/f1', '/f2', '/shared', '/shared'].map((path) => serve(path, 'flood'))
  const visitor = serve('/shared', 'visitor')
  // Another client's page takes the place of the flood's newest render: the one the visitor waits on.
  const other = serve('/other', 'other')
  expect((await flood[2])!.status).toBe(503)
  // The flood's own wait is not asked again: it was refused in its own line.
  expect((await flood[3])!.status).toBe(503)
  running!()
  const answer = await visitor
  expect([answer.status, await answer.text()]).toEqual([200, '<html><body>/shared for visitor</body></html>'])
  expect((await other).status).toBe(200)
  expect((await flood[0])!.status).toBe(200)
  expect((await flood[1])!.status).toBe(503)
})

/** The request log's word on a response: answered from the page cache ('hit') or rendered for it ('miss'). */
/** The request log line is written after the response: waited for, up to a second on a busy machine. */
const cacheOutcome = async (res: Response) => {
  const id = res.headers.get('x-request-id')
  const line = () => t.logs.find((entry) => entry.message === 'request' && entry.fields?.requestId === id)
  for (let waited = 0; !line() && waited < 1000; waited += 5) await Bun.sleep(5)
  return line()?.fields?.cache
}
const canonicalOf = async (res: Response) => /<link rel="canonical" href="([^"]*)"/.exec(await res.text())?.[1]

test('query parameters a page does not read get the cached page, whose canonical URL leaves them out', async () => {
  const first = await t.request('/?utm_source=newsletter')
  expect(first.status).toBe(200)
  for (const path of ['/', '/?fbclid=abc', '/?x=1&utm_campaign=spring', '/?', '/?q=golf&page=2']) {
    const res = await t.request(path)
    expect([path, await cacheOutcome(res)]).toEqual([path, 'hit'])
    expect(res.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(await canonicalOf(res)).toBe('http://localhost/')
  }
  const post = await t.request('/blog/golf-cart-gamepass?utm_source=x')
  expect(await canonicalOf(post)).toBe('http://localhost/blog/golf-cart-gamepass')
  expect(await cacheOutcome(await t.request('/blog/golf-cart-gamepass?ref=y'))).toBe('hit')
})

test('the blog and careers pages are keyed by their own parameters, normalized as the pages read them', async () => {
  const same: [first: string, again: string, canonical: string][] = [
    ['/blog?q=golf', '/blog?q=%20golf%20&utm_source=x&page=3', 'http://localhost/blog'],
    ['/blog?page=2', '/blog?page=02&ref=feed', 'http://localhost/blog?page=2'],
    ['/blog?fbclid=1', '/blog?page=1&fbclid=2', 'http://localhost/blog'],
    [
      '/jobs?department=Engineering',
      '/jobs?department=+Engineering+&utm_medium=social',
      'http://localhost/jobs?department=Engineering',
    ],
  ]
  for (const [first, again, canonical] of same) {
    const before = await t.request(first)
    const res = await t.request(again)
    expect([again, await cacheOutcome(res)]).toEqual([again, 'hit'])
    expect(res.headers.get('etag')).toBe(before.headers.get('etag'))
    expect(await canonicalOf(res)).toBe(canonical)
  }
  // What the pages do read still makes a page of its own: a search shows its words as typed.
  for (const path of ['/blog?q=Golf', '/blog?q=golf+cart', '/blog?page=3', '/jobs?department=engineering']) {
    expect([path, await cacheOutcome(await t.request(path))]).toEqual([path, 'miss'])
  }
  expect(await (await t.request('/blog?q=%20Golf&utm_source=x')).text()).toContain(
    'Search results for &quot;Golf&quot;',
  )
})

test('kept pages are bounded in bytes, not only in number', async () => {
  const budget = 4 * 1024 * 1024
  const cache = createPageCache({ current: async () => 'v1', known: () => 'v1' }, () => 'http://localhost', {
    clock: () => now,
    maxBytes: budget,
  })
  // Text that compresses poorly: about 1.5 MB kept per page (brotli, and the gzip copy these clients ask for).
  const render = async () =>
    new Response(
      `<html><body>${Buffer.from(crypto.getRandomValues(new Uint8Array(768 * 1024))).toString('base64')}</body></html>`,
      {
        headers: { 'content-type': 'text/html' },
      },
    )
  const gzipClient = { 'accept-encoding': 'gzip' }
  for (let i = 0; i < 6; i++)
    await cache.serve(new Request(`http://localhost/large-${i}`, { headers: gzipClient }), render)
  expect(cache.bytes()).toBeLessThanOrEqual(budget)
  expect(cache.bytes()).toBeGreaterThan(budget / 2)
  expect(cache.size()).toBe(2)
})

test('unique junk paths (404s) are not kept, so they cannot push the real pages out', async () => {
  await t.request('/')
  for (let i = 0; i < 350; i++) expect((await t.request(`/junk-${i}-${crypto.randomUUID()}`)).status).toBe(404)
  expect(await cacheOutcome(await t.request('/'))).toBe('hit')
})

test('without SITE_URL, pages for more than a few Host values are rendered, not kept', async () => {
  const asHost = async (host: string) => t.fetch(new Request(`http://${host}/jobs`))
  for (const host of ['a.example', 'b.example', 'c.example']) await asHost(host)
  expect(await cacheOutcome(await asHost('a.example'))).toBe('hit')
  for (let i = 0; i < 3; i++) expect(await cacheOutcome(await asHost(`flood-${i}.example`))).toBe('miss')
  expect(await cacheOutcome(await asHost('flood-0.example'))).toBe('miss')
  expect(await cacheOutcome(await asHost('a.example'))).toBe('hit')
})

test('a page kept for many visitors is compressed at the kept quality, a page with a query quickly', async () => {
  for (const [path, quality] of [
    ['/blog', BROTLI_QUALITY],
    ['/blog?q=plaza', BROTLI_QUICK_QUALITY],
    ['/blog?page=2', BROTLI_QUICK_QUALITY],
  ] as const) {
    const request = (encoding: string) =>
      t.fetch(new Request(`http://localhost${path}`, { headers: { 'accept-encoding': encoding } }))
    const br = new Uint8Array(await (await request('br')).arrayBuffer())
    const html = new Uint8Array(await (await request('identity')).arrayBuffer())
    expect(Buffer.from(brotliDecompressSync(br)).equals(Buffer.from(html))).toBe(true)
    expect(Buffer.from(br).equals(Buffer.from(brotli(html, quality)))).toBe(true)
  }
})

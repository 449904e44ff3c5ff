import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../tests/support/admin-client'
import { png, uploadForm } from '../../tests/support/images'
import { createTestApp, type TestApp } from '../../tests/support/test-app'
import { enableMetrics } from './observability/metrics'

let t: TestApp
/** Requests that reached the framework: the front door answered the others. */
let reachedApp: string[] = []
beforeAll(async () => {
  // A clock that stands still: the content version, checked at most once a second, stays known between
  // requests however slowly a busy machine runs them, so what the door answers does not depend on speed.
  t = await createTestApp({ seed: true, now: Date.now() })
  t.app.onRequest(({ request }) => void reachedApp.push(`${request.method} ${new URL(request.url).pathname}`))
  t.app.compile()
})
afterAll(() => t.close())

const get = (path: string, init: RequestInit = {}) =>
  t.fetch(new Request(`http://localhost${path}`, { ...init, headers: { 'accept-encoding': 'br', ...init.headers } }))
/** Headers that differ per response by design. */
const stable = (res: Response) => {
  const headers = Object.fromEntries(res.headers)
  delete headers['x-request-id']
  if (headers['content-security-policy']?.includes("'nonce-")) delete headers['content-security-policy']
  return headers
}

test('a page in the page cache is answered before the framework, with the same bytes and headers', async () => {
  reachedApp = []
  const rendered = await get('/blog')
  const renderedBytes = await rendered.arrayBuffer()
  expect(reachedApp).toEqual(['GET /blog'])
  const hit = await get('/blog')
  expect(reachedApp).toEqual(['GET /blog'])
  expect(stable(hit)).toEqual(stable(rendered))
  expect(hit.headers.get('x-request-id')).not.toBe(rendered.headers.get('x-request-id'))
  expect(Buffer.from(await hit.arrayBuffer()).equals(Buffer.from(renderedBytes))).toBe(true)
  expect(t.logs.at(-1)?.fields).toMatchObject({ path: '/blog', status: 200, cache: 'hit' })
})

test('junk query parameters and conditional requests are answered at the door too', async () => {
  const first = await get('/')
  await first.arrayBuffer()
  reachedApp = []
  expect((await get('/?utm_source=x&fbclid=y')).headers.get('etag')).toBe(first.headers.get('etag'))
  const revalidated = await get('/', { headers: { 'if-none-match': first.headers.get('etag')! } })
  expect(revalidated.status).toBe(304)
  expect(reachedApp).toEqual([])
})

test('public and built files are answered at the door, as the app answers them', async () => {
  reachedApp = []
  const file = await get('/brand/logo.svg')
  const fromApp = await t.app.fetch(
    new Request('http://localhost/brand/logo.svg', { headers: { 'accept-encoding': 'br' } }),
  )
  expect(stable(file)).toEqual(stable(fromApp))
  expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(await fromApp.arrayBuffer()))).toBe(true)
  expect(file.status).toBe(200)
  expect(file.headers.get('x-content-type-options')).toBe('nosniff')
  expect(file.headers.get('x-frame-options')).toBe('DENY')
  expect(file.headers.get('content-security-policy')).toContain("default-src 'self'")
  expect(reachedApp).toEqual(['GET /brand/logo.svg'])
})

test('a feed built for the current content is answered at the door, as the app answered it', async () => {
  reachedApp = []
  for (const path of ['/rss.xml', '/sitemap.xml', '/robots.txt']) {
    const built = await get(path)
    const builtBytes = await built.arrayBuffer()
    const kept = await get(path)
    expect(stable(kept)).toEqual(stable(built))
    // robots.txt is too small to be worth compressing.
    expect(kept.headers.get('content-encoding')).toBe(path === '/robots.txt' ? null : 'br')
    expect(kept.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await kept.arrayBuffer()).equals(Buffer.from(builtBytes))).toBe(true)
    const revalidated = await get(path, { headers: { 'if-none-match': built.headers.get('etag')! } })
    expect(revalidated.status).toBe(304)
  }
  expect(reachedApp).toEqual(['GET /rss.xml', 'GET /sitemap.xml', 'GET /robots.txt'])
})

test('HEAD, requests with a body, pages not yet kept and changed content go through the app', async () => {
  await (await get('/jobs')).arrayBuffer()
  reachedApp = []
  expect((await get('/jobs', { method: 'HEAD' })).headers.get('content-length')).not.toBe('0')
  expect(reachedApp).toEqual(['HEAD /jobs'])
  await get('/jobs', { headers: { 'content-length': '0' } })
  await get('/blog?page=2')
  expect(reachedApp).toEqual(['HEAD /jobs', 'GET /jobs', 'GET /blog'])

  // A write changes the content version: the kept page is no longer current, and the app renders it anew.
  const admin = adminClient(t)
  await admin.login()
  const [post] = await admin.json<{ id: number }[]>('GET', '/api/blog/admin-summary')
  const full = await admin.json<Record<string, unknown>>('GET', `/api/blog/${post!.id}`)
  const edit = { title: 'Retitled at the door', slug: full.slug, content: full.content, status: 'published' }
  expect((await admin.request('PUT', `/api/blog/${post!.id}`, edit)).status).toBe(200)
  reachedApp = []
  const fresh = await get('/blog', { headers: { 'accept-encoding': 'identity' } })
  expect(await fresh.text()).toContain('Retitled at the door')
  expect(reachedApp).toEqual(['GET /blog'])
})

test('headers kept for a page or file are the ones a fresh answer and the app make, in every coding', async () => {
  for (const path of ['/blog', '/brand/logo.svg', '/fonts/outfit-latin-wght.woff2']) {
    for (const coding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': coding }
      await (await get(path, { headers })).arrayBuffer()
      const kept = await get(path, { headers })
      // A stale If-None-Match is answered in full, with headers made for this answer alone.
      const fresh = await get(path, { headers: { ...headers, 'if-none-match': '"another-version"' } })
      expect(fresh.status).toBe(200)
      const fromApp = await t.app.fetch(new Request(`http://localhost${path}`, { headers }))
      expect(stable(kept)).toEqual(stable(fresh))
      expect(stable(kept)).toEqual(stable(fromApp))
      const bytes = Buffer.from(await kept.arrayBuffer())
      expect(bytes.equals(Buffer.from(await fresh.arrayBuffer()))).toBe(true)
      expect(bytes.equals(Buffer.from(await fromApp.arrayBuffer()))).toBe(true)
    }
  }
})

test('an uploaded media file asked for lately is answered at the door, as the app answers it', async () => {
  const admin = adminClient(t)
  await admin.login()
  const upload = await t.request('/api/media', {
    method: 'POST',
    headers: { origin: 'http://localhost', cookie: admin.cookie },
    body: uploadForm(Uint8Array.from(await png(320, 200)), 'door.png', 'application/octet-stream'),
  })
  const { url } = (await upload.json()) as { url: string }
  await (await get(url)).arrayBuffer()
  reachedApp = []
  const fromMemory = await get(url)
  expect(reachedApp).toEqual([])
  const fromApp = await t.app.fetch(new Request(`http://localhost${url}`, { headers: { 'accept-encoding': 'br' } }))
  expect(stable(fromMemory)).toEqual(stable(fromApp))
  expect(fromMemory.headers.get('x-frame-options')).toBe('DENY')
  expect(fromMemory.headers.get('content-security-policy')).not.toContain('nonce')
  expect(Buffer.from(await fromMemory.arrayBuffer()).equals(Buffer.from(await fromApp.arrayBuffer()))).toBe(true)
  const counted = async () => {
    const lines = (await (await enableMetrics()).metrics()).split('\n')
    const count = (status: number) =>
      Number(
        lines
          .find((line) =>
            line.startsWith(
              `http_request_duration_seconds_count{method="GET",route="/media/:name",status="${status}"}`,
            ),
          )
          ?.split(' ')[1] ?? 0,
      )
    return { ok: count(200), notModified: count(304) }
  }
  const before = await counted()
  const revalidated = await get(url, { headers: { 'if-none-match': fromMemory.headers.get('etag')! } })
  expect(revalidated.status).toBe(304)
  await (await get(url)).arrayBuffer()
  expect(reachedApp).toEqual([`GET ${url}`])
  // Counted under the media route, as the app counts them, not as a page.
  expect(await counted()).toEqual({ ok: before.ok + 1, notModified: before.notModified + 1 })
})

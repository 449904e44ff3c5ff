import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { createMethodPolicy } from './method-policy'

describe('which methods a path takes', () => {
  const policy = createMethodPolicy(() => [
    { method: 'GET', path: '/api/blog' },
    { method: 'POST', path: '/api/blog' },
    { method: 'GET', path: '/api/blog/:id' },
    { method: 'DELETE', path: '/api/blog/:id' },
    { method: 'GET', path: '/rss.xml' },
    { method: 'GET', path: '/*' },
    { method: 'POST', path: '/*' },
  ])

  test.each([
    ['/api/blog', 'GET, HEAD, POST, OPTIONS'],
    ['/api/blog/', 'GET, HEAD, POST, OPTIONS'],
    ['/api/blog/7', 'GET, HEAD, DELETE, OPTIONS'],
    ['/api/blog/7/other', ''],
    ['/api/blogs', ''],
    ['/rss.xml', 'GET, HEAD, OPTIONS'],
    ['/rssxxml', 'GET, HEAD, OPTIONS'],
    ['/', 'GET, HEAD, OPTIONS'],
    ['/no/such/page', 'GET, HEAD, OPTIONS'],
    ['/jobs/some-job', 'GET, HEAD, POST, OPTIONS'],
    ['/JOBS/some-job/', 'GET, HEAD, POST, OPTIONS'],
    ['/jobs', 'GET, HEAD, OPTIONS'],
    ['/jobs/a/b', 'GET, HEAD, OPTIONS'],
  ])('%s takes %p', (path, allow) => {
    expect(policy.allowed(path).join(', ')).toBe(allow)
  })
})

describe('the app answers every method it does not take with one rule', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ now: Date.UTC(2031, 5, 15), seed: true })
  })
  afterAll(() => t.close())

  const send = (method: string, path: string, body?: string) =>
    t.request(path, {
      method,
      headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })

  test.each([
    ['POST', '/'],
    ['POST', '/blog'],
    ['POST', '/rss.xml'],
    ['POST', '/sitemap.xml'],
    ['POST', '/favicon.svg'],
    ['POST', '/jobs'],
    ['PUT', '/'],
    ['DELETE', '/blog'],
    ['PATCH', `/blog/golf-cart-gamepass`],
    ['PUT', '/no/such/page'],
    ['DELETE', '/rss.xml'],
    ['TRACE', '/'],
    ['PROPFIND', '/blog'],
  ])('%s %s is 405 with Allow: GET, HEAD, OPTIONS and a JSON error', async (method, path) => {
    const res = await send(method, path, method === 'TRACE' ? undefined : 'a=1')
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect(res.headers.get('content-type')).toStartWith('application/json')
    expect(await res.json()).toEqual({ error: 'Method not allowed' })
    // The same security headers as any answer.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  test.each([
    ['PATCH', '/api/blog', 'GET, HEAD, POST, OPTIONS'],
    ['GET', '/api/admin/login', 'POST, OPTIONS'],
    ['PUT', '/api/job-applications', 'POST, OPTIONS'],
    ['POST', '/api/admin/check', 'GET, HEAD, OPTIONS'],
    ['POST', '/api/tags/3', 'DELETE, OPTIONS'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const res = await send(method, path)
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe(allow)
    expect(await res.json()).toEqual({ error: 'Method not allowed' })
  })

  test.each([
    ['PUT', '/api/nope'],
    ['GET', '/api/nope'],
    ['POST', '/api/nope/deeper'],
  ])('%s %s, a path no API route answers, is 404 with a JSON error', async (method, path) => {
    const res = await send(method, path)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })

  test('OPTIONS says what a path takes', async () => {
    const page = await send('OPTIONS', '/blog')
    expect([page.status, page.headers.get('allow')]).toEqual([204, 'GET, HEAD, OPTIONS'])
    const api = await send('OPTIONS', '/api/blog/3')
    expect([api.status, api.headers.get('allow')]).toEqual([204, 'GET, HEAD, PUT, DELETE, OPTIONS'])
  })

  test('a job page still takes its form', async () => {
    const res = await send('POST', '/jobs/senior-gameplay-engineer', 'fullName=Ann')
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('Ann')
  })

  test('a path written out wins over a pattern: OPTIONS on /api/blog/search names only what it takes', async () => {
    const res = await send('OPTIONS', '/api/blog/search')
    expect(res.status).toBe(204)
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })
})

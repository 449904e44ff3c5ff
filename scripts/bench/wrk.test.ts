import { afterAll, expect, test } from 'bun:test'
import { median } from './rounds'
import { BROWSER_HEADERS, runWrk } from './wrk'

/** A server that notes every URL and the headers it was asked with. */
const urls: string[] = []
const seen = new Set<string>()
let headers: Headers | null = null
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    urls.push(request.url)
    seen.add(request.url)
    headers ??= request.headers
    return new URL(request.url).pathname === '/missing' ? new Response('', { status: 404 }) : new Response('ok')
  },
})
afterAll(() => server.stop(true))
const base = `http://127.0.0.1:${server.port}`
const hasWrk = Bun.which('wrk') !== null

test.skipIf(!hasWrk)('the unique script never repeats a URL; counts match what the server answered', async () => {
  urls.length = 0
  seen.clear()
  const run = await runWrk(`${base}/`, 1, 'unique', ['/blog?q=', 'nonce'])
  expect(run.requests).toBeGreaterThan(100)
  expect(urls.every((url) => url.startsWith(`${base}/blog?q=nonce-`))).toBe(true)
  // wrk counts what was answered; a request still in flight at the end reached the server uncounted.
  expect(seen.size).toBe(urls.length)
  expect(urls.length - run.requests).toBeLessThanOrEqual(64)
  expect(headers?.get('accept-encoding')).toBe(BROWSER_HEADERS['accept-encoding'])
  expect(headers?.get('accept')).toBe(BROWSER_HEADERS.accept)
  expect(run.status4xx5xx).toBe(0)
})

test.skipIf(!hasWrk)('answers of 400 and more are counted, and the cycle script goes round its paths', async () => {
  urls.length = 0
  const run = await runWrk(`${base}/`, 1, 'cycle', ['/a', '/missing'])
  expect(new Set(urls.map((url) => new URL(url).pathname))).toEqual(new Set(['/a', '/missing']))
  expect(run.status4xx5xx).toBeGreaterThan(run.requests / 3)
  expect(run.status4xx5xx).toBeLessThan((run.requests * 2) / 3)
})

test('the median of an even count is the mean of the middle two', () => {
  expect(median([3, 1, 2])).toBe(2)
  expect(median([4, 1, 3, 2])).toBe(2.5)
})

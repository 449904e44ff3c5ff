import { afterAll, beforeAll, expect, test } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { type RunningServer, startServer } from '../e2e/support/server'
import { type RawResponse, rawRequest } from '../support/raw-http'

/**
 * Generated requests written byte for byte onto a socket of the real server: odd methods, HTTP/1.0 with
 * and without Host, malformed Host values, Accept-Encoding with q-values, conditional and range headers,
 * bodies with and without a length. Passing means: every request gets a complete answer below 500 that
 * keeps the rules of HTTP checked below, nothing is logged as an error, and /healthz still answers.
 * HTTP_FUZZ_REQUESTS sets the count (default 1,500) and FUZZ_SEED the generator's seed.
 */
const COUNT = Number(process.env.HTTP_FUZZ_REQUESTS ?? 1_500)
let seed = Number(process.env.FUZZ_SEED ?? 20261124)
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']
const PATHS = [
  '/',
  '/blog',
  '/blog?page=2',
  '/blog/golf-cart-gamepass',
  '/blog/no-such-post',
  '/jobs',
  '/jobs/senior-gameplay-engineer',
  '/jobs/no-such-job',
  '/rdc25',
  '/admin',
  '/admin/login',
  '/no/such/page',
  '/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/favicon.ico',
  '/favicon.svg',
  '/brand/logo.svg',
  '/video/hero.mp4',
  '/healthz',
  '/api/blog',
  '/api/blog/featured',
  '/api/blog/3',
  '/api/admin/login',
  '/api/admin/check',
  '/api/job-applications',
  '/api/nope',
  '/media/000000000000000000000000-800.webp',
]
const HOSTS = [
  'localhost',
  '127.0.0.1',
  'example.com:8080',
  '[::1]',
  '',
  'a:b:c',
  'bad host',
  'x/y',
  'é.example',
  null,
  null,
]
const ACCEPT_ENCODINGS = [
  null,
  '',
  'gzip',
  'br',
  'gzip, deflate, br',
  'br;q=0, gzip;q=0',
  'identity;q=0',
  '*;q=0',
  '*',
  'gzip;q=0.5, br;q=0.9, identity;q=0.1',
  'gzip;q=abc',
  ',,;q=1',
  'x-gzip',
  'zstd',
]
const CONDITIONS = [
  null,
  'If-None-Match: *',
  'If-None-Match: "0"',
  'If-None-Match: W/"0", "1"',
  'If-None-Match: garbage',
  'Range: bytes=0-99',
  'Range: bytes=-10',
  'Range: bytes=100-',
  'Range: bytes=5-1',
  'Range: bytes=0-1,4-5',
  'Range: bytes=99999999-',
  'Range: items=0-1',
  'Range: bytes=0-99\r\nIf-Range: "stale"',
  'Range: bytes=0-99\r\nIf-Range: Tue, 01 Jan 2030 00:00:00 GMT',
]

function generate(): { request: string; method: string; path: string } {
  const method = pick(METHODS)
  const path = pick(PATHS)
  const http10 = random() < 0.3
  const lines = [`${method} ${path} HTTP/1.${http10 ? 0 : 1}`]
  const host = pick(HOSTS)
  // HTTP/1.1 without Host is refused by Bun itself (400) before the app sees it; that is fine too.
  if (host !== null) lines.push(`Host: ${host}`)
  else if (!http10 && random() < 0.8) lines.push('Host: localhost')
  const encoding = pick(ACCEPT_ENCODINGS)
  if (encoding !== null) lines.push(`Accept-Encoding: ${encoding}`)
  const condition = pick(CONDITIONS)
  if (condition) lines.push(condition)
  if (!http10) lines.push('Connection: close')
  let body = ''
  if (method !== 'GET' && method !== 'HEAD' && method !== 'TRACE' && random() < 0.7) {
    body = pick(['fullName=Ada&email=ada%40example.com', '{"password":"x"}', 'x'.repeat(70_000), ''])
    const type = pick(['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json', 'text/plain'])
    lines.push(`Content-Type: ${type}`, 'Sec-Fetch-Site: same-origin')
    lines.push(random() < 0.1 ? `Content-Length: ${100 * 1024 * 1024}` : `Content-Length: ${body.length}`)
  }
  return { request: `${lines.join('\r\n')}\r\n\r\n${body}`, method, path }
}

function decoded(res: RawResponse): string {
  const coding = res.headers.get('content-encoding')
  const bytes = coding === 'gzip' ? gunzipSync(res.body) : coding === 'br' ? brotliDecompressSync(res.body) : res.body
  return bytes.toString('utf8')
}

/** The rules every answer keeps, whatever was asked. */
function problems(method: string, res: RawResponse): string[] {
  const found: string[] = []
  if (!(res.status >= 200 && res.status < 500)) found.push(`status ${res.statusLine || '(none)'}`)
  if (res.status === 405 && !res.headers.get('allow')) found.push('405 without Allow')
  if ((method === 'HEAD' || res.status === 304 || res.status === 204) && res.body.length > 0)
    found.push(`${res.status} with a body`)
  if (res.status === 206 && !res.headers.get('content-range')) found.push('206 without Content-Range')
  if (res.status >= 400 && res.headers.get('content-type')?.startsWith('application/json') && method !== 'HEAD') {
    try {
      if (typeof JSON.parse(decoded(res)).error !== 'string') found.push('JSON error without error')
    } catch {
      found.push('unparseable JSON error')
    }
  }
  const length = res.headers.get('content-length')
  if (method !== 'HEAD' && length !== null && Number(length) !== res.body.length && res.status !== 413)
    found.push(`Content-Length ${length} but ${res.body.length} bytes`)
  return found
}

let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server.stop()
})

test(`${COUNT} generated raw HTTP requests: complete answers below 500 that keep the rules, healthy afterwards`, async () => {
  const failures: string[] = []
  for (let i = 0; i < COUNT && failures.length < 5; i++) {
    const { request, method, path } = generate()
    let res: RawResponse
    try {
      res = await rawRequest(server.url, request, 5_000)
    } catch (error) {
      // Bun itself drops a few malformed request lines without answering; anything else is a failure.
      if (/^\S+ \S+ HTTP\/1\.[01]\r\n/.test(request)) failures.push(`${String(error)}\n${request.slice(0, 300)}`)
      continue
    }
    // Bun answers some malformed requests itself (400) before the app sees them.
    if (res.status === 400 && !res.headers.get('x-request-id') && res.body.length === 0) continue
    const found = problems(method, res)
    if (found.length) failures.push(`${found.join('; ')}: ${method} ${path}\n${request.slice(0, 300)}`)
  }
  expect(failures).toEqual([])
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  const errors = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"level":"error"'))
  expect(errors).toEqual([])
}, 300_000)

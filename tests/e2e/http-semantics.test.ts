import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { openSeedJobs } from '../support/jobs'
import { type RawResponse, rawRequest } from '../support/raw-http'
import { type RunningServer, startServer } from './support/server'

/**
 * HTTP as clients send it on the wire, against the real server: requests no fetch() can make (no Host,
 * odd methods, bodies past the server's cap). None of them may get a 5xx or an empty answer.
 */
let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  expect(server.output()).not.toContain('"level":"error"')
  await server.stop()
})

const send = (request: string | Uint8Array) => rawRequest(server.url, request)
const text = (res: RawResponse) => res.body.toString('utf8')
const JOB = openSeedJobs()[0]!.slug

describe('requests without a Host header (HTTP/1.0)', () => {
  test.each(['/', '/blog', '/jobs', `/jobs/${JOB}`, '/rdc25', '/admin/login'])(
    'GET %s is served as the page on the default origin',
    async (path) => {
      const res = await send(`GET ${path} HTTP/1.0\r\n\r\n`)
      expect([res.statusLine, res.headers.get('content-type')]).toEqual(['HTTP/1.1 200 OK', 'text/html; charset=utf-8'])
      expect(text(res)).toContain(`<link rel="canonical" href="http://localhost${path === '/' ? '/' : path}"/>`)
    },
  )

  test('an unknown page gets the not-found page, a feed and the API their usual answers', async () => {
    const missing = await send('GET /no/such/page HTTP/1.0\r\n\r\n')
    expect(missing.status).toBe(404)
    expect(text(missing)).toContain('Page Not Found')
    const rss = await send('GET /rss.xml HTTP/1.0\r\n\r\n')
    expect(rss.status).toBe(200)
    expect(text(rss)).toContain('<link>http://localhost/blog</link>')
    const api = await send('GET /api/blog?page=1 HTTP/1.0\r\n\r\n')
    expect(api.status).toBe(200)
    expect(JSON.parse(text(api)).posts.length).toBeGreaterThan(0)
  })

  test('HEAD and a form post without Host are answered too', async () => {
    const head = await send('HEAD /blog HTTP/1.0\r\n\r\n')
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000)
    const form = 'fullName=Ann'
    const post = await send(
      `POST /jobs/${JOB} HTTP/1.0\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
    )
    expect(post.status).toBe(400)
    expect(text(post)).toContain('Ann')
  })

  test.each([
    ['an empty Host (HTTP/1.1)', 'GET / HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n'],
    ['a Host that is not a host', 'GET /blog HTTP/1.0\r\nHost: a:b:c\r\n\r\n'],
    ['a Host with a space', 'GET /blog HTTP/1.0\r\nHost: bad host\r\n\r\n'],
  ])('%s is refused with 400 and a JSON error', async (_, request) => {
    const res = await send(request)
    expect(res.status).toBe(400)
    expect(JSON.parse(text(res))).toEqual({ error: 'The Host header is not valid' })
  })
})

describe('methods a path does not take', () => {
  test.each([
    ['PUT', '/'],
    ['DELETE', '/blog'],
    ['PATCH', `/jobs/${JOB}`],
    ['POST', '/'],
    ['POST', '/blog'],
    ['POST', '/rss.xml'],
    ['TRACE', '/'],
    ['PROPFIND', '/blog'],
  ])('%s %s is 405 with Allow and a JSON error', async (method, path) => {
    const res = await send(
      `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    )
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toStartWith('GET, HEAD')
    expect(JSON.parse(text(res))).toEqual({ error: 'Method not allowed' })
  })

  test('OPTIONS answers 204 with Allow, and an unknown API path 404 with JSON', async () => {
    const options = await send('OPTIONS /api/blog HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'GET, HEAD, POST, OPTIONS'])
    const missing = await send('DELETE /api/nothing HTTP/1.0\r\nSec-Fetch-Site: same-origin\r\n\r\n')
    expect([missing.status, JSON.parse(text(missing))]).toEqual([404, { error: 'Not found' }])
  })
})

describe('refused bodies', () => {
  const origin = () => `Origin: ${server.url}\r\n`
  const host = () => `Host: ${new URL(server.url).host}\r\n`
  const chunked = (bytes: number) => {
    const chunk = 'x'.repeat(64 * 1024)
    return `${`${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(Math.ceil(bytes / chunk.length))}0\r\n\r\n`
  }

  test.each([
    ['POST', '/api/job-applications'],
    ['POST', '/api/admin/login'],
    ['POST', `/jobs/${JOB}`],
    ['PUT', '/'],
  ])('%s %s declaring a body past the server cap gets 413 with a JSON error', async (method, path) => {
    const res = await send(
      `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${origin()}Content-Type: application/json\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n{"a":`,
    )
    expect(res.status).toBe(413)
    expect(JSON.parse(text(res))).toEqual({ error: 'The request body is too large' })
  })

  test('a chunked body past a route limit gets 413 with a JSON error', async () => {
    const res = await send(
      `POST /api/job-applications HTTP/1.1\r\n${host()}${origin()}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked(256 * 1024)}`,
    )
    expect(res.status).toBe(413)
    expect(JSON.parse(text(res))).toEqual({ error: 'The request body is too large' })
  })

  test('a page form post must say its length: chunked gets 411 with a JSON error', async () => {
    const res = await send(
      `POST /jobs/${JOB} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunked(256 * 1024)}`,
    )
    expect(res.status).toBe(411)
    expect(JSON.parse(text(res))).toEqual({ error: 'Send the form with a Content-Length' })
  })
})

test('without a Host header pages use SITE_URL when it is set', async () => {
  const site = await startServer({ SITE_URL: 'https://studio.example' })
  try {
    const res = await rawRequest(site.url, 'GET /blog HTTP/1.0\r\n\r\n')
    expect(res.status).toBe(200)
    expect(res.body.toString('utf8')).toContain('<link rel="canonical" href="https://studio.example/blog"/>')
  } finally {
    await site.stop()
  }
})

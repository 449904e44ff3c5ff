import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eventually } from '../../tests/support/eventually'
import { createTestApp, type TestApp } from '../../tests/support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: Date.UTC(2031, 5, 15) })
})
afterAll(() => t.close())

const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]

describe('pages', () => {
  test('home is server-rendered with its text and share-preview tags', async () => {
    const res = await t.request('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    // Browsers revalidate; a caching proxy in front keeps it until a purge or an hour (http/cache-control.ts).
    expect(res.headers.get('cache-control')).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=30, stale-if-error=86400$/,
    )
    expect(res.headers.get('surrogate-key')?.split(' ')).toContain('site')
    const html = await res.text()
    expect(html).toContain('<html lang="en"')
    expect(html).toContain('Innovative Entertainment')
    expect(html).toContain('Bringing creativity to life across all forms of expression.')
    expect(html).toContain('Shop Our Merchandise')
    expect(html).toContain('New Hoodies, Plushies, Keychains &amp; More!')
    expect(html).toContain('Trusted by Leading Brands, Artists &amp; Creators')
    expect(html).toMatch(/<title>[^<]+<\/title>/)
    expect(html).toContain('<meta property="og:title"')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>')
    expect(html).toContain('<link rel="canonical" href="http://localhost/"/>')
    expect(html).toContain('© 2031')
  })

  test('a cached public page allows exactly its own inline scripts by hash', async () => {
    const res = await t.request('/')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).not.toContain('nonce-')
    const html = await res.text()
    // Structured data (application/ld+json) is a data block, never run, so the policy does not name it.
    const inline = [
      ...html.matchAll(/<script(?![^>]*src=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1]!)
    expect(inline.length).toBeGreaterThanOrEqual(1)
    for (const script of inline)
      expect(csp).toContain(`'sha256-${new Bun.CryptoHasher('sha256').update(script).digest('base64')}'`)
    expect(html).toMatch(/<script type="module" src="\/assets\//)
  })

  test('a streamed page (the admin login) carries a fresh nonce on every script', async () => {
    const res = await t.request('/admin/login')
    const nonce = nonceOf(res)
    expect(nonce).toBeTruthy()
    const scripts = (await res.text()).match(/<script\b[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThanOrEqual(2)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    expect(nonceOf(await t.request('/admin/login'))).not.toBe(nonce)
  })

  test('hydration data is embedded with < escaped so it cannot close the script', async () => {
    const html = await (await t.request('/rdc25?q=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E')).text()
    const bootstrap = /window\.__BOOTSTRAP__=(.*?)<\/script>/s.exec(html)?.[1] ?? ''
    expect(bootstrap).not.toContain('<')
    const data = JSON.parse(bootstrap)
    expect(data.request.now).toBe(Date.UTC(2031, 5, 15))
    expect(data.router.loaderData).toBeDefined()
  })

  test('the event page states the invitation, date and location', async () => {
    const res = await t.request('/rdc25')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('RSVP via Discord')
    expect(html).toContain('Sept 5, 2025')
    expect(html).toContain('TBA')
    expect(html).toContain('exclusive to invited attendees')
  })

  test('an unknown path answers 404 with the not-found page', async () => {
    const res = await t.request('/no/such/page')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('Page Not Found')
    expect(html).toContain('The page you&#x27;re looking for doesn&#x27;t exist or has been moved.')
    expect(html).toContain('Return Home')
    expect(html).toContain('Go Back')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  test.each(['/admin', '/Admin', '/ADMIN'])('%s redirects to /admin/blog', async (path) => {
    const res = await t.request(path)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/admin/blog')
  })

  test.each(['/admin/login', '/Admin/Login', '/ADMIN/LOGIN'])('%s shows the login page', async (path) => {
    const res = await t.request(path)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Admin Login')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  test.each(['/admin/blog', '/Admin/Blog', '/ADMIN/BLOG'])(
    '%s without a session redirects to the login page before any HTML',
    async (path) => {
      const res = await t.request(path)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/admin/login')
      expect(await res.text()).toBe('')
    },
  )
})

describe('headers and encoding', () => {
  test('security headers are on every response', async () => {
    for (const path of ['/', '/healthz', '/favicon.svg', '/nope']) {
      const res = await t.request(path)
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'self'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('strict-transport-security')).toBeNull()
    }
  })

  test('HTML is compressed for clients that accept it, brotli first', async () => {
    const gz = await t.request('/', { headers: { 'accept-encoding': 'gzip, deflate' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString('utf8')).toContain('Innovative Entertainment')
    const br = await t.request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString('utf8')).toContain(
      'Innovative Entertainment',
    )
    const streamed = await t.request('/admin/login', { headers: { 'accept-encoding': 'gzip' } })
    expect(streamed.headers.get('content-encoding')).toBe('gzip')
    const plain = await t.request('/', { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    // Each coding is its own set of bytes, so each has its own ETag.
    expect(new Set([plain, gz, br].map((res) => res.headers.get('etag'))).size).toBe(3)
    expect(await plain.text()).toContain('Innovative Entertainment')
  })

  test('public pages answer 304 when the ETag matches, and a new ETag after content changes', async () => {
    const first = await t.request('/blog')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    const again = await t.request('/blog', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  test('built assets are immutable and served precompressed', async () => {
    const html = await (await t.request('/')).text()
    const entry = /<script type="module" src="([^"]+)"/.exec(html)?.[1]
    expect(entry).toMatch(/^\/assets\/entry\.client-[a-z0-9]+\.js$/)
    const res = await t.request(entry!, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toContain('javascript')
  })

  test('public files are cached, revalidated with ETag, and support byte ranges', async () => {
    const res = await t.request('/brand/logo.svg', { headers: { 'accept-encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('max-age=')
    const etag = res.headers.get('etag')!
    const again = await t.request('/brand/logo.svg', { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } })
    expect(again.status).toBe(304)
    const range = await t.request('/favicon.svg', { headers: { range: 'bytes=0-9' } })
    expect(range.status).toBe(206)
    expect((await range.arrayBuffer()).byteLength).toBe(10)
    expect((await t.request('/../package.json')).status).toBe(404)
  })
})

describe('health and errors', () => {
  test('healthz reports the database', async () => {
    const res = await t.request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: 'reachable' })
  })

  test('unexpected errors answer 500 with a request id and no internals, and are logged', async () => {
    t.app
      .get('/__explode', () => {
        throw new Error('secret database detail')
      })
      .compile()
    const res = await t.request('/__explode')
    expect(res.status).toBe(500)
    const body = await res.json()
    expect(body.error).toBe('Internal server error')
    expect(body.requestId).toBe(res.headers.get('x-request-id'))
    expect(JSON.stringify(body)).not.toContain('secret')
    expect(t.logs.some((l) => l.level === 'error' && l.fields?.requestId === body.requestId)).toBe(true)
  })

  test('each request is logged once with method, path, query, client, user agent, status, duration and id', async () => {
    const res = await t.request('/rdc25?utm_source=mail&token=abc', { headers: { 'user-agent': 'TestAgent/1.0' } })
    const id = res.headers.get('x-request-id')
    // Logged after the answer.
    const logged = () => t.logs.find((l) => l.message === 'request' && l.fields?.requestId === id)
    await eventually(() => logged() !== undefined, 2000)
    const line = logged()
    expect(line?.fields).toMatchObject({
      method: 'GET',
      path: '/rdc25',
      query: 'utm_source=mail&token=%5Bredacted%5D',
      client: 'unknown',
      userAgent: 'TestAgent/1.0',
      status: 200,
    })
    expect(typeof line?.fields?.ms).toBe('number')
  })
})

test('healthz answers 503 when the database cannot be reached', async () => {
  const other = await createTestApp()
  other.db.$client.close()
  const res = await other.request('/healthz')
  expect(res.status).toBe(503)
  expect(await res.json()).toEqual({ status: 'unavailable', database: 'unreachable' })
  other.close()
})

test('without PREVIEW_PASSWORD the previewer says it is not configured', async () => {
  expect(await (await t.request('/api/previewer/gate')).json()).toEqual({ configured: false, digest: null, hint: null })
  const html = await (await t.request('/blog-preview')).text()
  expect(html).toContain('The previewer is not configured on this server.')
  expect(html).toContain('<meta name="robots" content="noindex"/>')
})

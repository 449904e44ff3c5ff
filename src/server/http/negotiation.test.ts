import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'

/** Content negotiation and conditional requests through the whole app: pages, files, assets, feeds. */
let t: TestApp
let asset: string
beforeAll(async () => {
  t = await createTestApp({ now: Date.UTC(2031, 5, 15), seed: true })
  asset = /<script type="module" src="([^"]+)"/.exec(await (await t.request('/')).text())![1]!
})
afterAll(() => t.close())

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => t.request(path, { method, headers })
const bytesOf = async (res: Response) => (await res.arrayBuffer()).byteLength
/** The headers a HEAD must repeat from GET (RFC 9110 §9.3.2), besides the per-request ones. */
const REPEATED = ['content-type', 'content-encoding', 'etag', 'vary', 'cache-control', 'content-security-policy']
const pick = (res: Response) => Object.fromEntries(REPEATED.map((name) => [name, res.headers.get(name)]))

const PAGES = ['/', '/blog', '/no/such/page']
/** Public files are kept in gzip only (made at start); pages, built assets and feeds in brotli too. */
const keptInBrotli = (path: string) => path !== '/brand/logo.svg'
const ENCODINGS = ['br', 'gzip', 'identity']

describe('HEAD', () => {
  /** Cached pages (the not-found page included), then a public file, a built asset and a feed. */
  const paths = [...PAGES, '/brand/logo.svg', '<asset>', '/rss.xml']
  test.each(paths.flatMap((path) => ENCODINGS.map((encoding) => [path, encoding])))(
    'HEAD %s (Accept-Encoding: %s) has the headers and Content-Length of GET',
    async (path, encoding) => {
      const url = path === '<asset>' ? asset : path
      const head = await get(url, { 'accept-encoding': encoding }, 'HEAD')
      const full = await get(url, { 'accept-encoding': encoding })
      // Files and feeds carry a fresh CSP nonce each time; a cached page's CSP is its own.
      if (!PAGES.includes(path)) for (const res of [head, full]) res.headers.delete('content-security-policy')
      expect(head.status).toBe(full.status)
      expect(pick(head)).toEqual(pick(full))
      expect(await bytesOf(head)).toBe(0)
      const length = await bytesOf(full)
      expect(length).toBeGreaterThan(1000)
      expect(head.headers.get('content-length')).toBe(String(length))
    },
  )
})

describe('Accept-Encoding', () => {
  /** Cached pages, a public file, a built asset, feeds, a streamed page (compressed as it streams), the API. */
  const everywhere = () => [
    '/',
    '/blog',
    '/brand/logo.svg',
    asset,
    '/rss.xml',
    '/sitemap.xml',
    '/admin/login',
    '/api/jobs',
  ]

  test('codings the client weighs 0 are never sent: `br;q=0, gzip;q=0` gets identity everywhere', async () => {
    for (const path of everywhere()) {
      const res = await get(path, { 'accept-encoding': 'br;q=0, gzip;q=0' })
      expect([path, res.status, res.headers.get('content-encoding')]).toEqual([path, 200, null])
      expect(await bytesOf(res)).toBeGreaterThan(1000)
    }
  })

  test('q-values choose between the codings on offer', async () => {
    for (const path of everywhere()) {
      const res = await get(path, { 'accept-encoding': 'br;q=0, gzip;q=0.5, identity;q=0.1' })
      expect([path, res.headers.get('content-encoding')]).toEqual([path, 'gzip'])
    }
    for (const path of everywhere().filter((p) => p !== '/admin/login')) {
      const res = await get(path, { 'accept-encoding': 'gzip;q=0.5, br;q=0.9' })
      expect([path, res.headers.get('content-encoding')]).toEqual([path, keptInBrotli(path) ? 'br' : 'gzip'])
    }
  })

  test('the not-found page is compressed like any page, and never answered 304', async () => {
    const first = await get('/no/such/page', { 'accept-encoding': 'br' })
    expect([first.status, first.headers.get('content-encoding')]).toEqual([404, 'br'])
    const etag = first.headers.get('etag')!
    const again = await get('/no/such/page', { 'accept-encoding': 'br', 'if-none-match': etag })
    expect([again.status, again.headers.get('content-encoding')]).toEqual([404, 'br'])
  })

  test('/api/jobs with Accept-Encoding: br answers brotli that decodes to the JSON sent uncompressed', async () => {
    const plain = await get('/api/jobs')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const json = await plain.text()
    expect(json.length).toBeGreaterThan(10_000)
    for (let time = 0; time < 2; time++) {
      // The second from the brotli copy kept with the jobs' cached list.
      const res = await get('/api/jobs', { 'accept-encoding': 'br' })
      expect([res.status, res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([
        200,
        'br',
        'accept-encoding',
      ])
      expect(res.headers.get('content-type')).toBe(plain.headers.get('content-type'))
      const body = new Uint8Array(await res.arrayBuffer())
      expect(body.byteLength).toBeLessThan(json.length / 3)
      expect(brotliDecompressSync(body).toString()).toBe(json)
    }
    const gzip = await get('/api/jobs', { 'accept-encoding': 'gzip' })
    expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString()).toBe(json)
  })

  test('a response that varies by coding says so, also when identity was chosen', async () => {
    for (const path of everywhere()) {
      const res = await get(path, { 'accept-encoding': 'identity' })
      expect([path, res.headers.get('vary')?.toLowerCase()]).toEqual([path, 'accept-encoding'])
    }
  })
})

describe('conditional requests', () => {
  const tagged = () => ['/', '/blog', '/brand/logo.svg', asset, '/rss.xml', '/sitemap.xml', '/robots.txt']

  test('each coding of a page, file or feed has its own ETag, and revalidates only itself', async () => {
    for (const path of tagged().filter((p) => p !== '/robots.txt')) {
      const sent = await Promise.all(ENCODINGS.map((encoding) => get(path, { 'accept-encoding': encoding })))
      const codings = sent.map((res) => res.headers.get('content-encoding') ?? 'identity')
      const tags = sent.map((res) => res.headers.get('etag'))
      expect(codings).toEqual(keptInBrotli(path) ? ENCODINGS : ['identity', 'gzip', 'identity'])
      expect([path, new Set(tags).size]).toEqual([path, new Set(codings).size])
      const gzip = tags[1]!
      expect((await get(path, { 'accept-encoding': 'gzip', 'if-none-match': gzip })).status).toBe(304)
      expect((await get(path, { 'if-none-match': gzip })).status).toBe(200)
    }
  })

  test.each(['W/<etag>', '"nope", <etag>', '"nope",W/<etag> , "other"', '*'])(
    'If-None-Match %s answers 304 (weak comparison, lists, *), keeping Vary and ETag',
    async (pattern) => {
      for (const path of tagged()) {
        const first = await get(path, { 'accept-encoding': 'gzip' })
        const etag = first.headers.get('etag')!
        const res = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': pattern.replace('<etag>', etag) })
        expect([path, res.status]).toEqual([path, 304])
        expect(await bytesOf(res)).toBe(0)
        expect(res.headers.get('etag')).toBe(etag)
        expect(res.headers.get('vary')).toBe(first.headers.get('vary'))
        expect(res.headers.get('cache-control')).toBe(first.headers.get('cache-control'))
        // Tags that are not current get the body.
        const stale = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': pattern.replace('<etag>', '"0"') })
        expect(stale.status).toBe(pattern === '*' ? 304 : 200)
      }
    },
  )
})

describe('byte ranges', () => {
  const VIDEO = '/video/hero.mp4'

  test('a range whose If-Range is the current ETag gets 206 with that part', async () => {
    const etag = (await get(VIDEO)).headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    const res = await get(VIDEO, { range: 'bytes=100-199', 'if-range': etag })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toMatch(/^bytes 100-199\/\d+$/)
    expect(await bytesOf(res)).toBe(100)
  })

  test.each(['"stale"', 'W/<etag>', 'Tue, 01 Jan 2030 00:00:00 GMT'])(
    'a range whose If-Range is %s gets 200 with the whole current video',
    async (pattern) => {
      const full = await get(VIDEO)
      const size = await bytesOf(full)
      const ifRange = pattern.replace('<etag>', full.headers.get('etag')!)
      const res = await get(VIDEO, { range: 'bytes=100-199', 'if-range': ifRange })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-range')).toBeNull()
      expect(await bytesOf(res)).toBe(size)
    },
  )

  test('several ranges or a malformed one get the whole file; one past the end gets 416', async () => {
    const size = await bytesOf(await get(VIDEO))
    for (const range of ['bytes=0-1,5-6', 'bytes=9-3', 'items=0-1']) {
      const res = await get(VIDEO, { range })
      expect([range, res.status, await bytesOf(res)]).toEqual([range, 200, size])
    }
    const past = await get(VIDEO, { range: `bytes=${size}-` })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`)
    const suffix = await get(VIDEO, { range: `bytes=-${size * 2}` })
    expect([suffix.status, await bytesOf(suffix)]).toEqual([206, size])
  })
})

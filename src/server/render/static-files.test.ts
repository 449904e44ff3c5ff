import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { FONT_URL, HASHED_PUBLIC_FILES } from '../../app/public-files'
import { site } from '../../content/site'
import { IMMUTABLE, PUBLIC_FILE_CACHE } from '../http/cache-control'
import { loadAssetManifest } from './assets'
import { createStaticFiles } from './static-files'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

test('/favicon.ico is the site icon as an ICO, for clients that ask for it by name', async () => {
  const res = await t.request('/favicon.ico')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/x-icon')
  expect(res.headers.get('cache-control')).toContain('max-age=')
  expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
  const ico = new DataView(await res.arrayBuffer())
  // ICONDIR: reserved 0, type 1 (icon), then one 16-byte entry per image, each a PNG here.
  expect([ico.getUint16(0, true), ico.getUint16(2, true)]).toEqual([0, 1])
  const count = ico.getUint16(4, true)
  const sizes = Array.from({ length: count }, (_, i) => ico.getUint8(6 + 16 * i))
  expect(sizes).toEqual([16, 32, 48])
  const firstImage = ico.getUint32(6 + 12, true)
  expect(ico.getUint32(firstImage)).toBe(0x89504e47) // \x89PNG
  expect((await t.request('/favicon.ico', { method: 'HEAD' })).headers.get('content-length')).toBe(
    String(ico.byteLength),
  )
})

test('source maps are not public: the built code names none, and the entry’s map answers 404', async () => {
  const assets = loadAssetManifest()
  const urls = new Set([
    assets.entry,
    ...assets.styles,
    ...assets.modulePreloads,
    ...Object.values(assets.routeChunks).flat(),
    ...assets.editorStyles,
  ])
  for (const url of urls) {
    const res = await t.request(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('sourcemap')).toBeNull()
    expect({ url, links: (await res.text()).includes('sourceMappingURL') }).toEqual({ url, links: false })
  }
  const map = await t.request(`${assets.entry}.map`)
  expect(map.status).toBe(404)
  expect(await map.text()).not.toContain('"mappings"')
})

test('a source map left in the assets folder (an older build, a copy by hand) is not served either', () => {
  const assetsDir = mkdtempSync(join(tmpdir(), 'site-assets-'))
  try {
    writeFileSync(join(assetsDir, 'entry-abc.js'), 'export {}\n//# sourceMappingURL=entry-abc.js.map\n')
    writeFileSync(join(assetsDir, 'entry-abc.js.map'), '{"version":3,"sources":[],"mappings":""}')
    const files = createStaticFiles({ publicDir: join(assetsDir, 'none'), assetsDir })
    const get = (path: string) => files.serve(new Request(`http://localhost${path}`), path)
    expect(get('/assets/entry-abc.js')?.status).toBe(200)
    expect(get('/assets/entry-abc.js.map')).toBeNull()
  } finally {
    rmSync(assetsDir, { recursive: true, force: true })
  }
})

test('a file is read when first asked for: one gone or made a folder since the start is not found, and found once back', async () => {
  const publicDir = mkdtempSync(join(tmpdir(), 'static-lazy-'))
  try {
    writeFileSync(join(publicDir, 'notes.txt'), 'first')
    writeFileSync(join(publicDir, 'kept.txt'), 'kept')
    const files = createStaticFiles({ publicDir, assetsDir: join(publicDir, 'none') })
    const get = (path: string) => files.serve(new Request(`http://localhost${path}`), path)
    expect(await get('/kept.txt')?.text()).toBe('kept')
    rmSync(join(publicDir, 'notes.txt'))
    expect(get('/notes.txt')).toBeNull()
    mkdirSync(join(publicDir, 'notes.txt'))
    expect(get('/notes.txt')).toBeNull()
    rmSync(join(publicDir, 'notes.txt'), { recursive: true })
    writeFileSync(join(publicDir, 'notes.txt'), 'back')
    expect(await get('/notes.txt')?.text()).toBe('back')
    // A file made after the start is not in the index: only what was there can be served.
    writeFileSync(join(publicDir, 'new.txt'), 'new')
    expect(get('/new.txt')).toBeNull()
  } finally {
    rmSync(publicDir, { recursive: true, force: true })
  }
})

test('the font, the logo and the stylesheet’s pictures are named by hashed copies, kept a year; their own URLs a day', async () => {
  const assets = loadAssetManifest()
  const stylesheet = await (await t.request(assets.styles[0]!)).text()
  const named = [...stylesheet.matchAll(/url\((\/[^)]+)\)/g)].map((m) => m[1]!)
  expect(named).toContain(assets.files[FONT_URL]!)
  const html = await (await t.request('/')).text()
  expect(html).toContain(`<link rel="preload" href="${assets.files[FONT_URL]}" as="font"`)
  expect(html).toContain(`src="${assets.files[site.logo.src]}"`)
  expect(html).not.toContain(`src="${site.logo.src}"`)
  const hashed = [...new Set([...HASHED_PUBLIC_FILES.map((path) => assets.files[path]!), ...named])]
  expect(hashed.length).toBeGreaterThanOrEqual(5)
  for (const url of hashed) {
    expect(url).toMatch(/^\/assets\/[a-z0-9-]+-[0-9a-f]{8}\.(woff2|svg|webp)$/)
    const res = await t.request(url)
    expect([url, res.status, res.headers.get('cache-control')]).toEqual([url, 200, IMMUTABLE])
  }
  for (const path of HASHED_PUBLIC_FILES) {
    const own = await t.request(path)
    expect([path, own.headers.get('cache-control')]).toEqual([path, PUBLIC_FILE_CACHE])
    const copy = await t.request(assets.files[path]!)
    expect(Buffer.from(await copy.arrayBuffer()).equals(Buffer.from(await own.arrayBuffer()))).toBe(true)
  }
})

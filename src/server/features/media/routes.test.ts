import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { adminClient } from '../../../../tests/support/admin-client'
import { whileAnotherProcessWrites } from '../../../../tests/support/another-process-writes'
import {
  animatedGif,
  avif,
  bmp,
  cameraJpeg,
  hasGpsPosition,
  ico,
  iconBomb,
  png,
  pngBomb,
  uploadForm,
  webp,
} from '../../../../tests/support/images'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { MediaListItem, MediaUpload } from '../../../shared/media'

let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ now: Date.UTC(2030, 5, 1, 12) })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

const bytesOf = (buffer: Uint8Array) => Uint8Array.from(buffer)

/** POST /api/media as the admin screens send it (multipart, same origin, session cookie). */
function upload(
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  options: { alt?: string; headers?: Record<string, string> } = {},
) {
  return t.request('/api/media', {
    method: 'POST',
    headers: { origin: 'http://localhost', cookie: admin.cookie, ...options.headers },
    body: uploadForm(bytes, name, 'application/octet-stream', options.alt),
  })
}

async function uploaded(bytes: Uint8Array<ArrayBuffer>, name: string, alt?: string): Promise<MediaUpload> {
  const res = await upload(bytes, name, { alt })
  expect(res.status).toBe(201)
  return (await res.json()) as MediaUpload
}

const served = async (url: string) => Buffer.from(await (await t.request(url)).arrayBuffer())

describe('POST /api/media', () => {
  test.each([
    ['PNG', async () => png()],
    ['JPEG', async () => cameraJpeg({ width: 800, height: 600 })],
    ['GIF', async () => animatedGif()],
    ['WebP', async () => webp()],
    ['AVIF', async () => avif()],
    ['BMP', async () => bmp()],
    ['ICO', async () => ico()],
  ])('accepts %s by its bytes, whatever the name says', async (format, make) => {
    const media = await uploaded(bytesOf(await make()), 'upload.bin', `A ${format} picture`)
    expect(media.alt).toBe(`A ${format} picture`)
    expect(media.variants.length).toBeGreaterThan(0)
    expect(media.url).toMatch(/^\/media\/[0-9a-f]{24}-\d+\.webp$/)
    const list = await admin.json<MediaListItem[]>('GET', '/api/media')
    expect(list.find((item) => item.id === media.id)?.format).toBe(format)
    const file = await t.request(media.url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe('webp')
  })

  test('a PNG named .jpg is stored as the PNG it is; a text file named photo.png is refused with 415', async () => {
    const renamed = await uploaded(bytesOf(await png(300, 200)), 'holiday.jpg')
    const list = await admin.json<MediaListItem[]>('GET', '/api/media')
    expect(list.find((item) => item.id === renamed.id)).toMatchObject({ format: 'PNG', originalName: 'holiday.jpg' })

    const text = await upload(new TextEncoder().encode('not a picture at all, just words'), 'photo.png')
    expect(text.status).toBe(415)
    expect((await text.json()).error).toBe('Upload an image: PNG, JPEG, GIF, WebP, AVIF, BMP, ICO.')
    const json = await t.request('/api/media', {
      method: 'POST',
      headers: { origin: 'http://localhost', cookie: admin.cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(json.status).toBe(415)
    expect((await json.json()).error).toContain('multipart/form-data')
  })

  test('21 MB answers a JSON 413; a form without a file answers 400', async () => {
    const big = new Uint8Array(21 * 1024 * 1024)
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const res = await upload(big, 'huge.png')
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect((await res.json()).error).toBe('The file is too large (at most 20 MB).')

    const form = new FormData()
    form.append('alt', 'no file here')
    const empty = await t.request('/api/media', {
      method: 'POST',
      headers: { origin: 'http://localhost', cookie: admin.cookie },
      body: form,
    })
    expect(empty.status).toBe(400)
  })

  test('a decompression bomb is refused with 400 before it is decoded', async () => {
    const before = process.memoryUsage().rss
    const bomb = pngBomb()
    expect(bomb.byteLength).toBeLessThan(2000)
    const res = await upload(bytesOf(bomb), 'tiny.png')
    expect(res.status).toBe(400)
    expect((await res.json()).error).toContain('too many pixels')
    // Decoding 50,000 × 50,000 pixels would need 7.5 GB; the process grows by a few megabytes at most.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024)
  })

  test('icons and bitmaps are held to their own limits: many entries, shared entries, huge canvases', async () => {
    expect((await upload(bytesOf(iconBomb(2)), 'icon.ico')).status).toBe(201)
    const started = performance.now()
    const bomb = await upload(bytesOf(iconBomb(80)), 'icon.ico')
    expect(bomb.status).toBe(400)
    expect(performance.now() - started).toBeLessThan(1000)
    const huge = bmp(8, 8)
    huge.writeInt32LE(10_000, 18)
    huge.writeInt32LE(10_000, 22)
    const res = await upload(bytesOf(huge), 'scan.bmp')
    expect(res.status).toBe(400)
    expect((await res.json()).error).toContain('too many pixels')
  })

  test('a top-down BMP is stored the right way up', async () => {
    for (const topDown of [false, true]) {
      const media = await uploaded(bytesOf(bmp(40, 40, { topDown })), 'flag.bmp')
      const pixels = await sharp(await served(media.url))
        .raw()
        .toBuffer()
      // The first pixel is in the red upper half, whichever way the file stored its rows.
      expect(pixels[0]).toBeGreaterThan(150)
      expect(pixels[2]).toBeLessThan(80)
    }
  })

  test('without a session 401, from another site 403, and nothing is stored', async () => {
    const before = (await admin.json<MediaListItem[]>('GET', '/api/media')).length
    const bytes = bytesOf(await png(120, 80))
    const anonymous = await t.request('/api/media', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
      body: uploadForm(bytes, 'a.png'),
    })
    expect(anonymous.status).toBe(401)
    const crossSite = await upload(bytes, 'a.png', { headers: { origin: 'https://evil.example' } })
    expect(crossSite.status).toBe(403)
    expect((await admin.json<MediaListItem[]>('GET', '/api/media')).length).toBe(before)
  })
})

describe('processing', () => {
  test('a phone photo is stood upright, stripped of its GPS position and never upscaled', async () => {
    const photo = await cameraJpeg({ width: 1600, height: 1000, orientation: 6 })
    expect(hasGpsPosition((await sharp(photo).metadata()).exif)).toBe(true)
    const media = await uploaded(bytesOf(photo), 'IMG_0001.jpg')
    expect([media.width, media.height]).toEqual([1000, 1600])
    expect(media.variants.map((v) => v.width)).toEqual([480, 800, 1000])
    for (const variant of media.variants) {
      const metadata = await sharp(await served(variant.url)).metadata()
      expect(metadata.width).toBe(variant.width)
      expect(metadata.height).toBeGreaterThan(metadata.width!)
      expect(metadata.exif).toBeUndefined()
      expect(hasGpsPosition(metadata.exif)).toBe(false)
    }
    const share = await sharp(await served(media.url.replace(/-\d+\.webp$/, '-share.webp'))).metadata()
    expect([share.width, share.height, share.exif]).toEqual([1200, 630, undefined])
  })

  test('an animated GIF stays animated', async () => {
    const media = await uploaded(bytesOf(await animatedGif(240, 120)), 'dance.gif')
    const metadata = await sharp(await served(media.url), { animated: true }).metadata()
    expect(metadata.pages).toBe(2)
  })

  test('the same file uploaded twice is stored once, and describing it again keeps the new alt text', async () => {
    const bytes = bytesOf(await png(333, 222))
    const [first, second] = await Promise.all([uploaded(bytes, 'a.png'), uploaded(bytes, 'b.png')])
    expect(second.id).toBe(first.id)
    expect(second.url).toBe(first.url)
    const described = await uploaded(bytes, 'c.png', 'Lanterns over the fountain')
    expect([described.id, described.alt]).toEqual([first.id, 'Lanterns over the fountain'])
    expect((await uploaded(bytes, 'd.png')).alt).toBe('Lanterns over the fountain')
  })

  test('a picture deleted by another administrator as it is uploaded again is stored anew', async () => {
    const bytes = bytesOf(await png(321, 123))
    const first = await uploaded(bytes, 'gone.png')
    const again = await whileAnotherProcessWrites(
      t.databaseUrl,
      [`DELETE FROM media_files WHERE media_id = ${first.id}`, `DELETE FROM media WHERE id = ${first.id}`],
      () => upload(bytes, 'again.png', { alt: 'Back again' }),
    )
    expect(again.status).toBe(201)
    const stored = (await again.json()) as MediaUpload
    expect(stored.id).not.toBe(first.id)
    expect(stored.alt).toBe('Back again')
    expect((await t.request(stored.url)).status).toBe(200)
  })
})

describe('GET /media/{file}', () => {
  test('immutable for a year, with an ETag that answers 304; unknown names are 404', async () => {
    const media = await uploaded(bytesOf(await png(500, 300)), 'cache.png')
    const first = await t.request(media.url)
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const etag = first.headers.get('etag')!
    expect(etag).toBeTruthy()
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.request(media.url, { headers: { 'if-none-match': header } })
      expect(again.status).toBe(304)
    }
    expect((await t.request(media.url.replace(/[0-9a-f]{24}/, 'f'.repeat(24)))).status).toBe(404)
    // Only the name as written: not an encoded twin of it, nor an encoded way out of /media.
    const encoded = media.url
      .replace('/media/', '/media/%3')
      .replace(/%3(.)/, (_, c: string) => `%${c.charCodeAt(0).toString(16)}`)
    expect(encoded).not.toBe(media.url)
    expect((await t.request(encoded)).status).toBe(404)
    expect((await t.request('/media/..%2F..%2Fdb%2Fsite.db')).status).toBe(404)
  })
})

describe('the media list', () => {
  test('shows where an upload is used and refuses to delete it while a post uses it', async () => {
    const photo = await uploaded(bytesOf(await png(640, 400)), 'booth.png', 'The booth at night')
    const post = await admin.json<{ id: number }>('POST', '/api/blog', {
      title: 'Booth at Night',
      content: `<p>Look:</p><p><img src="${photo.url}" alt="The booth at night"></p>`,
      status: 'draft',
    })
    const item = (await admin.json<MediaListItem[]>('GET', '/api/media')).find((m) => m.id === photo.id)!
    expect(item.usedBy).toEqual([{ id: post.id, title: 'Booth at Night', slug: 'booth-at-night' }])
    expect(item.storedSize).toBeGreaterThan(0)

    const refused = await admin.request('DELETE', `/api/media/${photo.id}`)
    expect(refused.status).toBe(409)
    expect((await t.request(photo.url)).status).toBe(200)

    expect((await admin.request('DELETE', `/api/blog/${post.id}`)).status).toBe(200)
    expect((await admin.request('DELETE', `/api/media/${photo.id}`)).status).toBe(200)
    expect((await t.request(photo.url)).status).toBe(404)
    expect((await admin.request('DELETE', `/api/media/${photo.id}`)).status).toBe(404)

    // An editor still showing the deleted picture cannot save a post that points at nothing.
    const stale = await admin.request('POST', '/api/blog', {
      title: 'Stale picture',
      content: `<p><img src="${photo.url}" alt="Gone"></p>`,
      status: 'draft',
    })
    expect(stale.status).toBe(409)
    expect((await stale.json()).error).toBe('A picture in this post was deleted; upload it again.')
  })

  test('a featured image counts as a use', async () => {
    const cover = await uploaded(bytesOf(await png(900, 500)), 'cover.png', 'Cover')
    const post = await admin.json<{ id: number }>('POST', '/api/blog', {
      title: 'Covered',
      content: '<p>Text only.</p>',
      featuredImage: cover.url,
      status: 'draft',
    })
    expect((await admin.request('DELETE', `/api/media/${cover.id}`)).status).toBe(409)
    await admin.request('PUT', `/api/blog/${post.id}`, {
      title: 'Covered',
      content: '<p>Text only.</p>',
      status: 'draft',
    })
    expect((await admin.request('DELETE', `/api/media/${cover.id}`)).status).toBe(200)
  })
})

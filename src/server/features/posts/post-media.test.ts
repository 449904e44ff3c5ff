import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { cameraJpeg, png, uploadForm } from '../../../../tests/support/images'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { PostDetail } from '../../../shared/blog'
import type { MediaListItem, MediaUpload } from '../../../shared/media'
import { POST_GALLERY_IMAGE_SIZES, POST_IMAGE_SIZES } from '../../../shared/post-rules'

let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ now: Date.UTC(2030, 5, 1, 12), seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

async function upload(bytes: Uint8Array, name: string, alt: string): Promise<MediaUpload> {
  const res = await t.request('/api/media', {
    method: 'POST',
    headers: { origin: 'http://localhost', cookie: admin.cookie },
    body: uploadForm(Uint8Array.from(bytes), name, 'image/jpeg', alt),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as MediaUpload
}

const imgTags = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0])
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]

describe('posts with uploaded images', () => {
  test('a gallery’s pictures are sized for a cell of its grid, a figure’s for the column, and saving again changes nothing', async () => {
    const photos = await Promise.all(
      ['one', 'two'].map(async (name, seed) =>
        upload(await cameraJpeg({ width: 1600, height: 1200, seed }), `${name}.jpg`, `Booth ${name}`),
      ),
    )
    const content =
      `<figure class="post-gallery">${photos.map((photo) => `<img src="${photo.url}" alt="${photo.alt}">`).join('')}</figure>` +
      `<figure><img src="${photos[0]!.url}" alt="Booth one again"></figure>`
    const post = await admin.json<PostDetail>('POST', '/api/blog', { title: 'Gallery Sizes', content, status: 'draft' })
    const sizes = imgTags(post.content).map((tag) => attribute(tag, 'sizes'))
    expect(sizes).toEqual([POST_GALLERY_IMAGE_SIZES, POST_GALLERY_IMAGE_SIZES, POST_IMAGE_SIZES])
    const again = await admin.json<PostDetail>('PUT', `/api/blog/${post.id}`, {
      title: post.title,
      content: post.content,
      status: 'draft',
    })
    expect(again.content).toBe(post.content)
  })

  test('a pasted data: image becomes an upload; stored images get srcset, size and lazy loading; saving again changes nothing', async () => {
    const pasted = (await png(900, 600)).toString('base64')
    const photo = await upload(await cameraJpeg({ width: 1600, height: 1200 }), 'plaza.jpg', 'The plaza at dusk')
    const post = await admin.json<PostDetail>('POST', '/api/blog', {
      title: 'Plaza Photo Walk',
      content: `<p>Two pictures.</p><p><img src="data:image/png;base64,${pasted}" alt="A pasted picture"></p><p><img src="${photo.url}" alt="The plaza at dusk" srcset="https://evil.example/x.jpg 1w" loading="eager"></p>`,
      status: 'published',
      publishedAt: '2030-05-30',
    })
    expect(post.content).not.toContain('data:')
    expect(post.content).not.toContain('evil.example')
    const [first, second] = imgTags(post.content)
    expect(attribute(first!, 'src')).toMatch(/^\/media\/[0-9a-f]{24}-900\.webp$/)
    expect(attribute(first!, 'alt')).toBe('A pasted picture')
    expect(attribute(first!, 'srcset')).toMatch(
      /-480\.webp 480w, \/media\/[0-9a-f]{24}-800\.webp 800w, .*-900\.webp 900w$/,
    )
    expect([attribute(first!, 'width'), attribute(first!, 'height')]).toEqual(['900', '600'])
    // No featured image above it: the first picture loads at once, the next one when scrolled to.
    expect(attribute(first!, 'loading')).toBeUndefined()
    expect(attribute(second!, 'src')).toBe(photo.url)
    expect(attribute(second!, 'loading')).toBe('lazy')
    expect([attribute(second!, 'width'), attribute(second!, 'height')]).toEqual(['1200', '900'])
    expect(attribute(second!, 'sizes')).toBe('(max-width: 800px) calc(100vw - 2rem), 768px')

    const media = await admin.json<MediaListItem[]>('GET', '/api/media')
    expect(media.filter((item) => item.usedBy.some((use) => use.id === post.id)).length).toBe(2)

    const again = await admin.json<PostDetail>('PUT', `/api/blog/${post.id}`, {
      title: post.title,
      content: post.content,
      status: 'published',
      publishedAt: '2030-05-30',
    })
    expect(again.content).toBe(post.content)
  })

  test('a malformed data: URL is refused like any other non-picture, never a 500', async () => {
    const res = await admin.request('POST', '/api/blog', {
      title: 'Malformed picture',
      content: '<p>x</p><img src="data:image/png,%E0%A4%A">',
      status: 'draft',
    })
    expect(res.status).toBe(400)
  })

  test('an address that looks like an upload placeholder is kept as written', async () => {
    const pasted = (await png(60, 40)).toString('base64')
    const post = await admin.json<PostDetail>('POST', '/api/blog', {
      title: 'Placeholder lookalike',
      content: `<p><a href="/media/pending-0.webp">/media/pending-0.webp</a></p><img src="data:image/png;base64,${pasted}">`,
      status: 'draft',
    })
    expect(post.content).toContain('<a href="/media/pending-0.webp">/media/pending-0.webp</a>')
    expect(post.content).toMatch(/<img src="\/media\/[0-9a-f]{24}-60\.webp"/)
  })

  test('a data: image that is not a supported picture refuses the save and says why', async () => {
    const res = await admin.request('POST', '/api/blog', {
      title: 'Broken picture',
      content: `<p>x</p><img src="data:image/png;base64,${Buffer.from('not an image').toString('base64')}">`,
      status: 'draft',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe(
      'An image in the post could not be stored: Upload an image: PNG, JPEG, GIF, WebP, AVIF, BMP, ICO.',
    )
  })

  test('an uploaded featured image gives the page responsive sources and a share preview of its real size and alt', async () => {
    const cover = await upload(
      await cameraJpeg({ width: 2400, height: 1600 }),
      'cover.jpg',
      'Lanterns over the fountain',
    )
    const post = await admin.json<PostDetail>('POST', '/api/blog', {
      title: 'Lantern Night',
      content: '<p>Lanterns everywhere.</p>',
      featuredImage: cover.url,
      status: 'published',
      publishedAt: '2030-05-31',
    })
    expect(post.featuredImageInfo).toMatchObject({ alt: 'Lanterns over the fountain', width: 2400, height: 1600 })
    const html = await (await t.request('/blog/lantern-night')).text()
    const share = post.featuredImageInfo!.share.url
    expect(html).toContain(`<meta property="og:image" content="http://localhost${share}"/>`)
    expect(html).toContain('<meta property="og:image:width" content="1200"/>')
    expect(html).toContain('<meta property="og:image:height" content="630"/>')
    expect(html).toContain('<meta property="og:image:alt" content="Lanterns over the fountain"/>')
    expect(html).toContain('<meta name="twitter:image:alt" content="Lanterns over the fountain"/>')
    const hero = imgTags(html).find((tag) => tag.includes('post__image'))!
    expect(attribute(hero, 'alt')).toBe('Lanterns over the fountain')
    expect(attribute(hero, 'srcSet') ?? attribute(hero, 'srcset')).toContain('-1920.webp 1920w')
    expect([attribute(hero, 'width'), attribute(hero, 'height')]).toEqual(['1200', '800'])
  })

  test('a post page carries its HTML once: the hydration data leaves it to the page', async () => {
    const paragraph = `<p>${'Golf carts glide around the fountain every evening. '.repeat(40)}</p>`
    const content = paragraph.repeat(40)
    await admin.json<PostDetail>('POST', '/api/blog', {
      title: 'Long Read',
      // Without one, the start of the text would also be its description, three times in the head.
      excerpt: 'A long evening read.',
      content,
      status: 'published',
      publishedAt: '2030-05-29',
    })
    const html = await (await t.request('/blog/long-read', { headers: { 'user-agent': 'curl/8' } })).text()
    expect(html.split('Golf carts glide around the fountain').length - 1).toBe(40 * 40)
    const shell = await (await t.request('/blog/lantern-night', { headers: { 'user-agent': 'curl/8' } })).text()
    expect(html.length).toBeLessThanOrEqual(1.3 * (content.length + shell.length))
  })
})

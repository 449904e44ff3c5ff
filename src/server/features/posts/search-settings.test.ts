import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { cameraJpeg, uploadForm } from '../../../../tests/support/images'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { PostDetail } from '../../../shared/blog'
import type { MediaUpload } from '../../../shared/media'

let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ now: Date.UTC(2030, 6, 1, 10) })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

const BASE = { content: '<p>The long answer, in full.</p>', status: 'published' } as const

/** The content of each `<meta>`/`<link>` of a page's head named `key` (property, name or rel). */
function head(html: string, key: string): string[] {
  const tags = [...html.matchAll(/<(?:meta|link)\b[^>]*>/g)].map((match) => match[0])
  return tags
    .filter((tag) => tag.includes(`"${key}"`))
    .map((tag) => /\s(?:content|href)="([^"]*)"/.exec(tag)?.[1] ?? '')
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
const page = async (slug: string) => (await t.request(`/blog/${slug}`)).text()

describe('search and share settings of a post', () => {
  test('left empty, the head says what it always said', async () => {
    const post = await admin.json<PostDetail>('POST', '/api/blog', { ...BASE, title: 'Plain Post', excerpt: 'Short.' })
    expect(post).toMatchObject({ metaTitle: '', metaDescription: '', canonicalUrl: '', noindex: false, shareImage: '' })
    const html = await page(post.slug)
    expect(titleOf(html)).toBe('Plain Post | Blog')
    expect(head(html, 'description')).toEqual(['Short.'])
    expect(head(html, 'og:title')).toEqual(['Plain Post | Blog'])
    expect(head(html, 'twitter:description')).toEqual(['Short.'])
    expect(head(html, 'canonical')).toEqual([`http://localhost/blog/${post.slug}`])
    expect(head(html, 'robots')).toEqual([])
  })

  test('meta title and description go in the head; the share override changes og:* and twitter:* only', async () => {
    const photo = await upload()
    const post = await admin.json<PostDetail>('POST', '/api/blog', {
      ...BASE,
      title: 'Patch 1.4 Notes',
      excerpt: 'The excerpt.',
      metaTitle: 'Patch 1.4: every fix',
      metaDescription: '  Forty fixes,\n\n and a new map. ',
      shareTitle: 'We fixed forty things',
      shareDescription: 'Come and see.',
      shareImage: photo.url,
    })
    expect(post.metaDescription).toBe('Forty fixes, and a new map.')
    const html = await page(post.slug)
    expect(titleOf(html)).toBe('Patch 1.4: every fix')
    expect(head(html, 'description')).toEqual(['Forty fixes, and a new map.'])
    expect(head(html, 'og:title')).toEqual(['We fixed forty things'])
    expect(head(html, 'twitter:title')).toEqual(['We fixed forty things'])
    expect(head(html, 'og:description')).toEqual(['Come and see.'])
    expect(head(html, 'twitter:description')).toEqual(['Come and see.'])
    // The upload's 1200×630 share crop, with its alt text.
    const [image] = head(html, 'og:image')
    expect(image).toStartWith('http://localhost/media/')
    expect(image).not.toBe(`http://localhost${photo.url}`)
    expect(head(html, 'twitter:image')).toEqual([image!])
    expect(head(html, 'og:image:width')).toEqual(['1200'])
    expect(head(html, 'og:image:alt')).toEqual(['The new map'])
    // The excerpt is still the blog card's text.
    expect(await (await t.request('/blog')).text()).toContain('The excerpt.')
  })

  test('a canonical URL and noindex reach the head and keep the post out of the sitemap', async () => {
    const moved = await admin.json<PostDetail>('POST', '/api/blog', {
      ...BASE,
      title: 'First on Another Site',
      canonicalUrl: 'https://press.example.com/first',
    })
    const hidden = await admin.json<PostDetail>('POST', '/api/blog', { ...BASE, title: 'Hidden Post', noindex: true })
    const listed = await admin.json<PostDetail>('POST', '/api/blog', { ...BASE, title: 'Listed Post' })
    const movedHtml = await page(moved.slug)
    expect(head(movedHtml, 'canonical')).toEqual(['https://press.example.com/first'])
    expect(head(movedHtml, 'og:url')).toEqual(['https://press.example.com/first'])
    // The structured data credits the canonical address; the author's page stays on this site.
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(movedHtml)![1]!)
    expect(ld.url).toBe('https://press.example.com/first')
    expect(ld.author.url).toStartWith('http://localhost/blog/author/')
    expect(head(await page(hidden.slug), 'robots')).toEqual(['noindex'])
    const sitemap = await (await t.request('/sitemap.xml')).text()
    expect(sitemap).toContain(`<loc>http://localhost/blog/${listed.slug}</loc>`)
    expect(sitemap).not.toContain(`/blog/${moved.slug}<`)
    expect(sitemap).not.toContain(`/blog/${hidden.slug}<`)
    // Hidden from search engines, not from readers.
    expect(await (await t.request('/blog')).text()).toContain('Hidden Post')
  })

  test('a save that leaves the settings out keeps them; empty ones go back to the defaults', async () => {
    const post = await admin.json<PostDetail>('POST', '/api/blog', {
      ...BASE,
      title: 'Kept Settings',
      metaTitle: 'Custom title',
      noindex: true,
    })
    const kept = await admin.json<PostDetail>('PUT', `/api/blog/${post.id}`, { ...BASE, title: 'Kept Settings 2' })
    expect(kept).toMatchObject({ metaTitle: 'Custom title', noindex: true })
    const cleared = await admin.json<PostDetail>('PUT', `/api/blog/${post.id}`, {
      ...BASE,
      title: 'Kept Settings 2',
      metaTitle: '',
      noindex: false,
    })
    expect(cleared).toMatchObject({ metaTitle: '', noindex: false })
    expect(titleOf(await page(cleared.slug))).toBe('Kept Settings 2 | Blog')
  })

  test('settings the API cannot take are refused with the field named', async () => {
    const refused = async (settings: Record<string, unknown>) => {
      const res = await admin.request('POST', '/api/blog', { ...BASE, title: 'Refused', ...settings })
      expect(res.status).toBe(400)
      return ((await res.json()) as { error: string }).error
    }
    expect(await refused({ canonicalUrl: '/blog/elsewhere' })).toBe('Canonical URL must be an http(s) address')
    expect(await refused({ canonicalUrl: 'javascript:alert(1)' })).toBe('Canonical URL must be an http(s) address')
    expect(await refused({ shareImage: '//evil.example/x.jpg' })).toBe(
      'Share image URL must be an http(s) address or a path on this site',
    )
    expect(await refused({ metaTitle: 'x'.repeat(301) })).toBe('Meta title is too long (at most 300 characters)')
    expect(await refused({ shareTitle: 'a\u0000b' })).toBe('Share title must not contain control characters')
    expect(await refused({ canonicalUrl: 'https://-/x' })).toBe('Canonical URL must be an http(s) address')
    expect(await refused({ noindex: 'yes' })).toBe('Hide from search engines must be true or false')
  })
})

async function upload(): Promise<MediaUpload> {
  const res = await t.request('/api/media', {
    method: 'POST',
    headers: { origin: 'http://localhost', cookie: admin.cookie },
    body: uploadForm(
      Uint8Array.from(await cameraJpeg({ width: 1600, height: 1200 })),
      'map.jpg',
      'image/jpeg',
      'The new map',
    ),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as MediaUpload
}

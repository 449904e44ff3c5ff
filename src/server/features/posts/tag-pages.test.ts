import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq, inArray } from 'drizzle-orm'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { seedPosts } from '../../../content/seed-posts'
import type { TagPage } from '../../../shared/blog'
import { posts, postTags, tags } from '../../db/schema'

const NOW = Date.UTC(2030, 2, 10, 12)
const newestFirst = [...seedPosts].sort((a, b) => a.publishedDaysAgo - b.publishedDaysAgo)
const updates = newestFirst.filter((p) => p.tags.includes('Updates'))

let t: TestApp
const text = async (path: string) => (await t.request(path)).text()
const cardTitles = (html: string) =>
  [...html.matchAll(/<h3 class="post-card__title" dir="auto">(.*?)<\/h3>/g)].map((m) => m[1])
const escaped = (s: string) => Bun.escapeHTML(s)

beforeAll(async () => {
  t = await createTestApp({ now: NOW, seed: true })
  // Arranged before the first request (no cache holds anything yet): a tag on every post, enough for
  // two pages; a tag only a draft carries; and the draft carrying "Updates" too.
  const [every, secret] = await t.db
    .insert(tags)
    .values([
      { name: 'Plaza Life', slug: 'plaza-life' },
      { name: 'Secret Plans', slug: 'secret-plans' },
    ])
    .returning({ id: tags.id })
  const all = await t.db.select({ id: posts.id }).from(posts)
  await t.db.insert(postTags).values(all.map(({ id }) => ({ postId: id, tagId: every!.id })))
  const [draft] = await t.db
    .insert(posts)
    .values({
      title: 'Zebracorn draft',
      slug: 'zebracorn-draft',
      content: '<p>zebracorn</p>',
      searchText: 'zebracorn',
      status: 'draft',
      createdAt: new Date(NOW),
      updatedAt: new Date(NOW),
      publishedAt: new Date(NOW),
    })
    .returning({ id: posts.id })
  const [updatesTag] = await t.db.select({ id: tags.id }).from(tags).where(eq(tags.slug, 'updates'))
  await t.db.insert(postTags).values([
    { postId: draft!.id, tagId: secret!.id },
    { postId: draft!.id, tagId: updatesTag!.id },
  ])
})
afterAll(() => t.close())

describe('a tag page', () => {
  test("lists the tag's published posts newest first, with share preview and canonical URL in the server HTML", async () => {
    const res = await t.request('/blog/tag/updates')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(cardTitles(html)).toEqual(updates.map((p) => escaped(p.title)))
    expect(html).not.toContain('Zebracorn')
    expect(html).toContain('<title>Posts tagged &quot;Updates&quot; | Blog</title>')
    expect(html).toContain('<link rel="canonical" href="http://localhost/blog/tag/updates"/>')
    expect(html).toContain('<meta property="og:url" content="http://localhost/blog/tag/updates"/>')
    expect(html).toContain(`<meta property="og:image" content="http://localhost${updates[0]!.featuredImage}"/>`)
    expect(html).toContain(`<meta name="description" content="${updates.length} posts about Updates`)
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>')
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Kindlewave Studios Blog: Updates" href="/blog/tag/updates/rss.xml"/>',
    )
    expect(html).toContain('<h1 class="blog__title">Updates</h1>')
  })

  test('pages through the posts six at a time; each page has its own canonical URL', async () => {
    const first = await text('/blog/tag/plaza-life')
    expect(cardTitles(first)).toEqual(newestFirst.slice(0, 6).map((p) => escaped(p.title)))
    expect(first).toContain('Page 1 of 2')
    expect(first).toContain('href="/blog/tag/plaza-life?page=2"')
    // A parameter the page does not read changes nothing, and is not in the canonical URL.
    const second = await text('/blog/tag/plaza-life?page=2&utm_source=x')
    expect(cardTitles(second)).toEqual(newestFirst.slice(6).map((p) => escaped(p.title)))
    expect(second).toContain('Page 2 of 2')
    expect(second).toContain('<link rel="canonical" href="http://localhost/blog/tag/plaza-life?page=2"/>')
    expect(second).toContain('<title>Posts tagged &quot;Plaza Life&quot;, page 2 | Blog</title>')
    expect(second).toContain('rel="prev" href="/blog/tag/plaza-life"')
  })

  test('an unknown tag, and a tag only a draft carries, are a 404', async () => {
    for (const path of ['/blog/tag/no-such-tag', '/blog/tag/secret-plans', '/blog/tag/secret-plans/rss.xml']) {
      const res = await t.request(path)
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain('Zebracorn')
    }
    expect(await text('/blog/tag/no-such-tag')).toContain('Page Not Found')
    expect((await t.request('/api/blog/tag/secret-plans')).status).toBe(404)
  })

  test('the JSON API gives the same page for client navigation', async () => {
    const page = (await (await t.request('/api/blog/tag/plaza-life?page=2')).json()) as TagPage
    expect(page.tag).toMatchObject({ name: 'Plaza Life', slug: 'plaza-life' })
    expect(page.meta).toEqual({ total: 12, page: 2, limit: 6, totalPages: 2 })
    expect(page.posts.map((p) => p.slug)).toEqual(newestFirst.slice(6).map((p) => p.slug))
  })

  test("a post's tags link to their pages", async () => {
    const html = await text(`/blog/${updates[0]!.slug}`)
    expect(html).toContain('<a class="tag" dir="auto" href="/blog/tag/updates" data-discover="true">Updates</a>')
    expect(html).toContain('href="/blog/tag/plaza-life"')
  })

  test('a post leaving the tag leaves its page and feed on the next request (cached pages turn over)', async () => {
    const admin = adminClient(t)
    await admin.login()
    const html = await text('/blog/tag/updates')
    expect(await text('/blog/tag/updates')).toBe(html)
    const [post] = await t.db
      .select({ id: posts.id })
      .from(posts)
      .where(inArray(posts.slug, [updates[0]!.slug]))
    const full = await admin.json<{
      title: string
      slug: string
      content: string
      publishedAt: string
      tags: { id: number; slug: string }[]
    }>('GET', `/api/blog/${post!.id}`)
    const saved = await admin.request('PUT', `/api/blog/${post!.id}`, {
      title: full.title,
      slug: full.slug,
      content: full.content,
      status: 'published',
      publishedAt: full.publishedAt.slice(0, 16),
      tags: full.tags.filter((tag) => tag.slug !== 'updates').map((tag) => tag.id),
    })
    expect(saved.status).toBe(200)
    expect(cardTitles(await text('/blog/tag/updates'))).toEqual(updates.slice(1).map((p) => escaped(p.title)))
    expect(await text('/blog/tag/updates/rss.xml')).not.toContain(`/blog/${updates[0]!.slug}<`)
  })
})

describe('tag feeds and the sitemap', () => {
  test("a tag's RSS feed lists its public posts, newest first, with its own channel", async () => {
    const res = await t.request('/blog/tag/plaza-life/rss.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/rss+xml')
    const xml = await res.text()
    const links = [...xml.matchAll(/<item><title>.*?<\/title><link>(.*?)<\/link>/g)].map((m) => m[1])
    expect(links).toEqual(newestFirst.map((p) => `http://localhost/blog/${p.slug}`))
    expect(xml).toContain('<title>Kindlewave Studios Blog: Plaza Life</title>')
    expect(xml).toContain('<link>http://localhost/blog/tag/plaza-life</link>')
    expect(xml).toContain('<atom:link href="http://localhost/blog/tag/plaza-life/rss.xml" rel="self"')
    expect(xml).toMatch(/<lastBuildDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/lastBuildDate>/)
    expect(xml).not.toContain('zebracorn')
    const etag = res.headers.get('etag')!
    expect((await t.request('/blog/tag/plaza-life/rss.xml', { headers: { 'if-none-match': etag } })).status).toBe(304)
  })

  test('the sitemap lists the page of every tag a public post carries, and no other', async () => {
    const xml = await text('/sitemap.xml')
    const tagNames = [...new Set(seedPosts.flatMap((p) => p.tags))]
    for (const name of [...tagNames, 'Plaza Life'])
      expect(xml).toMatch(
        new RegExp(
          `<loc>http://localhost/blog/tag/${name.toLowerCase().replace(' ', '-')}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`,
        ),
      )
    expect(xml).not.toContain('secret-plans')
  })
})

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { seedPosts } from '../../../content/seed-posts'
import type { PostDetail, PostPage, PostSummary } from '../../../shared/blog'
import { posts, postTags } from '../../db/schema'
import { htmlToText } from './sanitize-post-html'

const NOW = Date.UTC(2030, 2, 10, 12)
let t: TestApp
const json = async <T>(path: string) => (await (await t.request(path)).json()) as T

const textOf = (p: (typeof seedPosts)[number]) => `${p.title} ${p.excerpt} ${htmlToText(p.content)}`.toLowerCase()
const newestFirst = [...seedPosts].sort((a, b) => a.publishedDaysAgo - b.publishedDaysAgo)

beforeAll(async () => {
  t = await createTestApp({ now: NOW, seed: true })
  // A draft that must never be visible to the public: the newest post, featured, carrying every tag of the
  // newest published post (so related posts would rank it first if drafts slipped through).
  const [draft] = await t.db
    .insert(posts)
    .values({
      title: 'Secret zebracorn draft',
      slug: 'secret-zebracorn-draft',
      excerpt: 'zebracorn',
      content: '<p>zebracorn golf</p>',
      searchText: 'secret zebracorn draft zebracorn golf',
      featured: true,
      status: 'draft',
      createdAt: new Date(NOW),
      updatedAt: new Date(NOW),
      publishedAt: new Date(NOW),
    })
    .returning({ id: posts.id })
  const [newest] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.slug, newestFirst[0]!.slug))
  const shared = await t.db.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, newest!.id))
  expect(shared.length).toBeGreaterThan(0)
  await t.db.insert(postTags).values(shared.map(({ tagId }) => ({ postId: draft!.id, tagId })))
})
afterAll(() => t.close())

describe('GET /api/blog', () => {
  test('pages published posts newest first, six per page', async () => {
    const first = await json<PostPage>('/api/blog')
    expect(first.meta).toEqual({ total: 12, page: 1, limit: 6, totalPages: 2 })
    expect(first.posts.map((p) => p.slug)).toEqual(newestFirst.slice(0, 6).map((p) => p.slug))
    const second = await json<PostPage>('/api/blog?page=2&_nocache')
    expect(second.posts.map((p) => p.slug)).toEqual(newestFirst.slice(6).map((p) => p.slug))
    for (const post of [...first.posts, ...second.posts]) {
      expect(post.status).toBe('published')
      expect(post.authorId).toBe(1)
      expect(Date.parse(post.publishedAt!)).toBeLessThanOrEqual(NOW)
    }
  })

  test('caps the page size', async () => {
    const page = await json<PostPage>('/api/blog?limit=5000')
    expect(page.meta.limit).toBe(50)
    expect(page.posts.length).toBe(12)
  })

  test.each(['page=abc', 'page=0', 'page=-2', 'limit=0', 'limit=1.5'])(
    '%s answers 400 with an error',
    async (query) => {
      const res = await t.request(`/api/blog?${query}`)
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(typeof body.error).toBe('string')
      expect(body.error.length).toBeGreaterThan(0)
    },
  )
})

describe('featured, search, slug and related', () => {
  test('the two seeded featured posts, and never the featured draft', async () => {
    const featured = await json<PostSummary[]>('/api/blog/featured')
    const expected = seedPosts.filter((p) => p.featured || p.isFeatured).map((p) => p.slug)
    expect(featured.map((p) => p.slug).sort()).toEqual(expected.sort())
    expect(expected.length).toBe(2)
  })

  // Ranking, words in any order and typo tolerance are in search.test.ts; here, the spec's floor.
  test('search finds every case-insensitive substring match over title, excerpt and text, and never a draft', async () => {
    const expected = newestFirst.filter((p) => textOf(p).includes('golf')).map((p) => p.slug)
    expect(expected.length).toBeGreaterThan(0)
    for (const q of ['golf', 'GOLF', ' Golf ']) {
      const found = await json<PostSummary[]>(`/api/blog/search?q=${encodeURIComponent(q)}&limit=100`)
      expect(found.map((p) => p.slug).sort()).toEqual([...expected].sort())
    }
    expect(await json<PostSummary[]>('/api/blog/search?q=%20%20')).toEqual([])
    expect(await json<PostSummary[]>('/api/blog/search?q=zebracorn')).toEqual([])
  })

  test('short queries and quotes or wildcards in the query are matched literally, short ones newest first', async () => {
    for (const q of ['ol', 'f', '%', "'", '_']) {
      const expected = newestFirst.filter((p) => textOf(p).includes(q.toLowerCase())).map((p) => p.slug)
      const res = await t.request(`/api/blog/search?q=${encodeURIComponent(q)}&limit=100`)
      expect(res.status).toBe(200)
      expect(((await res.json()) as PostSummary[]).map((p) => p.slug)).toEqual(expected)
    }
    // Several words: each is matched literally, so everything holding the whole query is among the results.
    for (const q of ['golf c', 'a "b', '"gol"', 'golf* OR', 'NEAR(golf']) {
      const res = await t.request(`/api/blog/search?q=${encodeURIComponent(q)}&limit=100`)
      expect(res.status).toBe(200)
      const found = ((await res.json()) as PostSummary[]).map((p) => p.slug)
      for (const post of newestFirst.filter((p) => textOf(p).includes(q.toLowerCase())))
        expect(found).toContain(post.slug)
    }
  })

  test('control characters in a query (a NUL broke the full-text query: 500) separate words like a space', async () => {
    const slugs = async (q: string) => {
      const res = await t.request(`/api/blog/search?q=${q}&limit=100`)
      expect(res.status).toBe(200)
      return ((await res.json()) as PostSummary[]).map((p) => p.slug)
    }
    for (const q of ['golf%00', '%00golf%01']) expect(await slugs(q)).toEqual(await slugs('golf'))
    expect(await slugs('gol%7F')).toEqual(await slugs('gol'))
    expect(await slugs('q%00z')).toEqual(await slugs('q%20z'))
    for (const q of ['abc%00', '%00%00%00']) expect(await slugs(q)).toEqual([])
    const golf = newestFirst.filter((p) => textOf(p).includes('golf')).length
    const page = await t.request('/blog?q=golf%00')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`Search results for &quot;golf&quot; (${golf} posts)`)
    expect((await t.request('/blog?q=abc%00')).status).toBe(200)
    expect(t.logs.filter((line) => line.level === 'error')).toEqual([])
  })

  test('suggestions default to five', async () => {
    const found = await json<PostSummary[]>('/api/blog/search?q=e')
    expect(found.length).toBe(5)
  })

  test('a post by slug carries its content and tags; unknown and draft slugs are 404', async () => {
    const seed = newestFirst[0]!
    const post = await json<PostDetail>(`/api/blog/slug/${seed.slug}`)
    expect(post.title).toBe(seed.title)
    expect(post.content).toContain('<')
    expect(post.tags.map((tag) => tag.name).sort()).toEqual([...seed.tags].sort())
    for (const slug of ['nope', 'secret-zebracorn-draft']) {
      const res = await t.request(`/api/blog/slug/${slug}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'Post not found' })
    }
  })

  test('related posts are two other published posts, never the draft that shares every tag', async () => {
    const slug = newestFirst[0]!.slug
    const related = await json<PostSummary[]>(`/api/blog/slug/${slug}/related`)
    expect(related.length).toBe(2)
    expect(related.map((p) => p.slug)).not.toContain(slug)
    expect(related.map((p) => p.slug)).not.toContain('secret-zebracorn-draft')
    expect(related.every((p) => p.status === 'published')).toBe(true)
    const page = await (await t.request(`/blog/${slug}`)).text()
    expect(page).not.toContain('zebracorn')
  })

  test("a draft's slug and an unknown one answer the same 404 for related posts: nothing tells that a draft exists", async () => {
    for (const slug of ['secret-zebracorn-draft', 'no-such-post']) {
      const res = await t.request(`/api/blog/slug/${slug}/related`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'Post not found' })
    }
  })

  test('every public read goes through one filter: the service selects from posts in one place only', async () => {
    const source = await Bun.file(new URL('./service.ts', import.meta.url)).text()
    expect(source.match(/\.from\(posts\)/g)?.length).toBe(1)
    expect(source).toContain('.where(and(isPublicAt(now), ...where))')
    // The time is the clock's at each read: as a value, or as the placeholder of a prepared search.
    expect(source.match(/publicPostsAt\(/g)?.length).toBe(2)
    expect(source).toContain('publicPostsAt(clock(), columns, ...where)')
    expect(source).toContain("publicPostsAt(sql.placeholder('now'),")
    expect(source).toContain('.all({ ...values, now: clock(), limit })')
  })
})

describe('pages', () => {
  test('a post page carries its share preview and structured data in the server HTML', async () => {
    const seed = seedPosts.find((p) => p.featuredImage)!
    const res = await t.request(`/blog/${seed.slug}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const escaped = (s: string) => Bun.escapeHTML(s)
    expect(html).toContain(`<title>${escaped(seed.title)} | Blog</title>`)
    expect(html).toContain(`<meta property="og:image" content="http://localhost${seed.featuredImage}"/>`)
    expect(html).toContain('<meta property="og:image:width" content="1200"/>')
    expect(html).toContain('<meta property="og:image:height" content="630"/>')
    expect(html).toContain('<meta property="og:type" content="article"/>')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>')
    expect(html).toContain(`<link rel="canonical" href="http://localhost/blog/${seed.slug}"/>`)
    expect(html).toContain(`<meta name="description" content="${escaped(seed.excerpt)}"/>`)
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(ld!)).toMatchObject({ '@type': 'BlogPosting', headline: seed.title })
    expect(html).toContain('You Might Also Like')
    expect(html).toContain('Back to Blog')
  })

  test('an unknown or draft slug answers 404 with Post Not Found', async () => {
    for (const slug of ['no-such-post', 'secret-zebracorn-draft']) {
      const res = await t.request(`/blog/${slug}`)
      expect(res.status).toBe(404)
      const html = await res.text()
      expect(html).toContain('Post Not Found')
      expect(html).toContain('Return to Blog')
      expect(html).toContain('Redirecting to the blog in 3 seconds')
    }
  })

  test('/blog?q=golf lists exactly the matching posts', async () => {
    const html = await (await t.request('/blog?q=golf')).text()
    const expected = seedPosts.filter((p) => textOf(p).includes('golf'))
    expect(html).toContain(
      `Search results for &quot;golf&quot; (${expected.length} ${expected.length === 1 ? 'post' : 'posts'})`,
    )
    const titles = [...html.matchAll(/<h3 class="post-card__title" dir="auto">(.*?)<\/h3>/g)].map((m) => m[1])
    expect(titles.sort()).toEqual(expected.map((p) => Bun.escapeHTML(p.title)).sort())
    expect(html).not.toContain('Page 1 of')
  })

  test('/blog?page=2 shows the older posts and Page 2 of 2', async () => {
    const html = await (await t.request('/blog?page=2')).text()
    expect(html).toContain('Page 2 of 2')
    const titles = [...html.matchAll(/<h3 class="post-card__title" dir="auto">(.*?)<\/h3>/g)].map((m) => m[1])
    expect(titles).toEqual(newestFirst.slice(6).map((p) => Bun.escapeHTML(p.title)))
    expect(html).toContain('rel="prev"')
  })

  test('the blog index shows the carousel, a GET search form, NEW badges and dates', async () => {
    const html = await (await t.request('/blog')).text()
    expect(html).toContain('aria-roledescription="carousel"')
    const form = /<form[^>]*role="search"[^>]*>/.exec(html)?.[0] ?? ''
    expect(form).toContain('method="get"')
    expect(form).toContain('action="/blog"')
    const recent = seedPosts.filter((p) => p.publishedDaysAgo < 30).length
    expect(html.match(/badge--new">NEW</g)?.length).toBe(recent)
    expect(html).toMatch(/<time class="post-card__date" dateTime="[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/)
    expect(html).toContain('Page 1 of 2')
    expect(html).not.toContain('zebracorn')
  })

  test('a search with no match shows the empty state', async () => {
    const html = await (await t.request('/blog?q=qwertyuiopasdf')).text()
    expect(html).toContain('No posts found')
    expect(html).toContain('Try adjusting your search or filters')
    expect(html).toContain('View All Posts')
  })
})

describe('feeds', () => {
  test('RSS lists published posts newest first', async () => {
    const res = await t.request('/rss.xml')
    expect(res.headers.get('content-type')).toContain('application/rss+xml')
    const xml = await res.text()
    const links = [...xml.matchAll(/<item><title>.*?<\/title><link>(.*?)<\/link>/g)].map((m) => m[1])
    expect(links).toEqual(newestFirst.map((p) => `http://localhost/blog/${p.slug}`))
    expect(xml).not.toContain('zebracorn')
  })

  test('the sitemap lists public pages and every published post with lastmod', async () => {
    const xml = await (await t.request('/sitemap.xml')).text()
    for (const path of ['/', '/rdc25', '/blog']) expect(xml).toContain(`<loc>http://localhost${path}</loc>`)
    for (const post of seedPosts)
      expect(xml).toMatch(
        new RegExp(`<loc>http://localhost/blog/${post.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
      )
    expect(xml).not.toContain('zebracorn')
  })

  test('robots.txt keeps crawlers out of the admin and previewer and points to the sitemap', async () => {
    const text = await (await t.request('/robots.txt')).text()
    expect(text).toContain('Disallow: /admin')
    expect(text).toContain('Disallow: /blog-preview')
    expect(text).toContain('Sitemap: http://localhost/sitemap.xml')
  })
})

test('absurd page numbers are refused by the API and show the empty state on the page, never a 500', async () => {
  expect((await t.request('/api/blog?page=999999999999999999999999')).status).toBe(400)
  const res = await t.request('/blog?page=999999999999999999999999')
  expect(res.status).toBe(200)
  expect(await res.text()).toContain('No posts found')
})

test.each(['/rss.xml', '/sitemap.xml', '/robots.txt'])('%s answers 304 when its ETag matches', async (path) => {
  const etag = (await t.request(path)).headers.get('etag')
  expect(etag).toBeTruthy()
  expect((await t.request(path, { headers: { 'if-none-match': etag! } })).status).toBe(304)
})

import { afterEach, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { seedPosts } from '../../../content/seed-posts'
import { posts } from '../../db/schema'
import { absoluteHtml, rssDocument, xml } from './rss'

const NOW = Date.UTC(2030, 2, 10, 12)
const RFC_822 = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/
let t: TestApp | undefined
afterEach(() => t?.close())

const feed = async () => (await t!.request('/rss.xml')).text()
const lastBuildDate = (xml: string) => /<lastBuildDate>(.*?)<\/lastBuildDate>/.exec(xml)?.[1]

test('lastBuildDate is the newest post’s publication, in RFC 822, once in the channel before the items', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const xml = await feed()
  const newest = /<item>.*?<pubDate>(.*?)<\/pubDate>/.exec(xml)?.[1]
  expect(newest).toMatch(RFC_822)
  expect(lastBuildDate(xml)).toBe(newest!)
  expect(xml.match(/<lastBuildDate>/g)).toHaveLength(1)
  expect(xml.indexOf('<lastBuildDate>')).toBeLessThan(xml.indexOf('<item>'))
})

test('an older post edited after the newest one appeared moves lastBuildDate to the edit', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const oldest = [...seedPosts].sort((a, b) => b.publishedDaysAgo - a.publishedDaysAgo)[0]!
  const edited = new Date(NOW - 60_000)
  await t.db.update(posts).set({ updatedAt: edited }).where(eq(posts.slug, oldest.slug))
  expect(lastBuildDate(await feed())).toBe(edited.toUTCString())
})

test('a feed without posts has no lastBuildDate', async () => {
  t = await createTestApp({ now: NOW })
  const xml = await feed()
  expect(xml).toContain('<channel>')
  expect(xml).not.toContain('<item>')
  expect(lastBuildDate(xml)).toBeUndefined()
})

test('a scheduled post going live (published after its last edit) moves lastBuildDate to its publication', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const newest = [...seedPosts].sort((a, b) => a.publishedDaysAgo - b.publishedDaysAgo)[0]!
  // Written a week ago, scheduled for a minute ago: no edit since, yet the feed changed when it went live.
  const live = new Date(NOW - 60_000)
  await t.db
    .update(posts)
    .set({ updatedAt: new Date(NOW - 7 * 86_400_000), publishedAt: live })
    .where(eq(posts.slug, newest.slug))
  expect(lastBuildDate(await feed())).toBe(live.toUTCString())
})

test('characters XML does not allow are left out of the feed, which stays well formed', () => {
  expect(xml('Non\uFFFFchar\u0000 \uD800 & <b> ok\u{1F600}\t')).toBe('Nonchar  &amp; &lt;b&gt; ok\u{1F600}\t')
})

test('each item carries the whole post, cards and all, with this site’s addresses absolute', async () => {
  t = await createTestApp({ now: NOW })
  const admin = adminClient(t)
  await admin.login()
  const content =
    '<details><summary>When?</summary><p>At eight ]]&gt; sharp.</p></details>' +
    '<figure class="post-gallery"><img src="/blog/golf-cart.webp" alt="A golf cart"></figure>' +
    '<p><a class="post-button" href="/careers">Join us</a> <a href="https://example.com/x">elsewhere</a></p>'
  await admin.json('POST', '/api/blog', { title: 'Cards in feeds', content, status: 'published' })
  await admin.json('POST', '/api/blog', { title: 'Still a draft', content: '<p>Secret</p>', status: 'draft' })
  const body = await feed()
  const encoded = /<content:encoded><!\[CDATA\[([\s\S]*?)\]\]><\/content:encoded>/.exec(body)?.[1]
  expect(body).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"')
  expect(encoded).toContain('<details><summary>When?</summary>')
  expect(encoded).toContain('<img src="http://localhost/blog/golf-cart.webp" alt="A golf cart"')
  expect(encoded).toContain('<a class="post-button" href="http://localhost/careers">Join us</a>')
  expect(encoded).toContain('href="https://example.com/x"')
  expect(body).not.toContain('Secret')
})

test('addresses in a feed: one slash is this site, two are another; every candidate of a srcset; CDATA cannot end early', () => {
  const html =
    '<img src="/media/a-800.webp" srcset="/media/a-480.webp 480w, /media/a-800.webp 800w" alt="">' +
    '<a href="//cdn.example/x">cdn</a><video poster="/p.webp"><source src="/v.mp4"></video><p>a ]]> b</p>'
  const made = absoluteHtml(html, 'https://studio.example')
  expect(made).toContain('src="https://studio.example/media/a-800.webp"')
  expect(made).toContain(
    'srcset="https://studio.example/media/a-480.webp 480w, https://studio.example/media/a-800.webp 800w"',
  )
  expect(made).toContain('href="//cdn.example/x"')
  expect(made).toContain('poster="https://studio.example/p.webp"')
  expect(made).toContain('<source src="https://studio.example/v.mp4">')
  const item = rssDocument(
    { title: 'T', link: 'https://studio.example/blog', self: 'https://studio.example/rss.xml', description: 'D' },
    'https://studio.example',
    [
      {
        id: 1,
        title: 'P',
        slug: 'p',
        excerpt: '',
        featuredImage: null,
        featuredImageInfo: null,
        featured: false,
        status: 'published',
        createdAt: '2030-01-01T00:00:00Z',
        updatedAt: '2030-01-01T00:00:00Z',
        publishedAt: '2030-01-01T00:00:00Z',
        authorId: 1,
        author: null,
      },
    ],
    new Map([[1, '<p>a ]]> b</p>']]),
  )
  expect(item).toContain('<content:encoded><![CDATA[<p>a ]]]]><![CDATA[> b</p>]]></content:encoded>')
})

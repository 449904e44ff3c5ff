import { afterEach, expect, spyOn, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { seedPosts } from '../../../content/seed-posts'
import { FEED_FULL_POSTS } from '../../../shared/blog'
import { posts } from '../../db/schema'
import { createPublicPostService } from '../posts/service'
import { absoluteHtml, rssDocument } from './rss'
import { xml } from './xml-text'

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
    '<p><a class="post-button" href="/careers">Join us</a> <a href="https://example.com/x">elsewhere</a> <a href="#faq">FAQ</a></p>'
  await admin.json('POST', '/api/blog', { title: 'Cards in feeds', content, status: 'published' })
  await admin.json('POST', '/api/blog', { title: 'Still a draft', content: '<p>Secret</p>', status: 'draft' })
  const body = await feed()
  const encoded = /<content:encoded><!\[CDATA\[([\s\S]*?)\]\]><\/content:encoded>/.exec(body)?.[1]
  expect(body).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"')
  expect(encoded).toContain('<details><summary>When?</summary>')
  expect(encoded).toContain('<img src="http://localhost/blog/golf-cart.webp" alt="A golf cart"')
  expect(encoded).toContain('<a class="post-button" href="http://localhost/careers">Join us</a>')
  expect(encoded).toContain('href="https://example.com/x"')
  expect(encoded).toContain('<a href="http://localhost/blog/cards-in-feeds#faq">FAQ</a>')
  expect(body).not.toContain('Secret')
})

test('a feed writes nothing to the console: the HTML was sanitized when saved, and sanitize-html warned twice a post about it', () => {
  const warn = spyOn(console, 'warn')
  try {
    absoluteHtml('<p>A post</p>', 'https://studio.example/blog/a-post')
    expect(warn).not.toHaveBeenCalled()
  } finally {
    warn.mockRestore()
  }
})

test('addresses in a feed resolve as on the post’s page, in links, pictures and every srcset candidate, never in text; CDATA cannot end early', () => {
  const html =
    '<img src="/media/a-800.webp" srcset="/media/a-480.webp 480w, /media/a-800.webp 800w" alt="">' +
    '<a href="//cdn.example/x">cdn</a><a href="#faq">FAQ</a><a href="mailto:hi@studio.example">mail</a>' +
    '<video poster="/p.webp"><source src="/v.mp4" /></video><pre><code>&lt;img src="/logo.png"&gt;</code></pre>'
  const made = absoluteHtml(html, 'https://studio.example/blog/cards')
  expect(made).toContain('src="https://studio.example/media/a-800.webp"')
  expect(made).toContain(
    'srcset="https://studio.example/media/a-480.webp 480w, https://studio.example/media/a-800.webp 800w"',
  )
  expect(made).toContain('href="https://cdn.example/x"')
  expect(made).toContain('href="https://studio.example/blog/cards#faq"')
  expect(made).toContain('href="mailto:hi@studio.example"')
  expect(made).toContain('poster="https://studio.example/p.webp"')
  expect(made).toContain('<source src="https://studio.example/v.mp4" />')
  // Text that reads like markup is text: left as written.
  expect(made).toContain('<code>&lt;img src="/logo.png"&gt;</code>')
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
  // A "]]>" in the post cannot end the CDATA section early.
  expect(item).toContain('<content:encoded><![CDATA[<p>a ]]&gt; b</p>]]></content:encoded>')
})

test('only public posts give their HTML to a feed, and only the newest ten carry it', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const admin = adminClient(t)
  await admin.login()
  const draft = await admin.json<{ id: number }>('POST', '/api/blog', {
    title: 'Draft',
    content: '<p>Draft words</p>',
    status: 'draft',
  })
  const scheduled = await admin.json<{ id: number }>('POST', '/api/blog', {
    title: 'Later',
    content: '<p>Later words</p>',
    status: 'published',
    publishedAt: '2030-04-01',
  })
  const live = await admin.json<{ id: number }>('POST', '/api/blog', {
    title: 'Live',
    content: '<p>Live words</p>',
    status: 'published',
  })
  const contents = await createPublicPostService(t.db, () => NOW).contentsOf([draft.id, scheduled.id, live.id])
  expect([...contents.keys()]).toEqual([live.id])
  const body = await feed()
  expect(body.match(/<item>/g)!.length).toBeGreaterThan(FEED_FULL_POSTS)
  expect(body.match(/<content:encoded>/g)).toHaveLength(FEED_FULL_POSTS)
})

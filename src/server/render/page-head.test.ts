import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../tests/support/admin-client'
import { openSeedJobs } from '../../../tests/support/jobs'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { seedPosts } from '../../content/seed-posts'
import { site } from '../../content/site'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: Date.UTC(2030, 2, 10, 12), seed: true })
})
afterAll(() => t.close())

const job = openSeedJobs()[0]!
const withImage = seedPosts.find((p) => p.featuredImage)!

/** Every public page the server renders, and the pages that answer 404. */
const PAGES = ['/', '/blog', '/blog?q=golf', `/blog/${withImage.slug}`, '/jobs', `/jobs/${job.slug}`, '/rdc25']
const MISSING = ['/no/such/page', '/blog/no-such-post', '/jobs/no-such-job']

const head = async (path: string) => {
  const res = await t.request(path)
  const html = await res.text()
  const end = html.indexOf('</head>')
  expect(end).toBeGreaterThan(0)
  return { status: res.status, head: html.slice(0, end), html }
}
const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]
const tags = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g')) ?? []

test.each([...PAGES, ...MISSING])('%s names the RSS feed in its head, once', async (path) => {
  const { head: h } = await head(path)
  const links = tags(h, /<link rel="alternate" type="application\/rss\+xml"[^>]*>/)
  expect(links).toHaveLength(1)
  expect(attribute(links[0]!, 'href')).toBe('/rss.xml')
  expect(attribute(links[0]!, 'title')).toBe(site.feedTitle)
})

test.each([...PAGES, ...MISSING])(
  '%s describes its share image in og:image:alt and twitter:image:alt',
  async (path) => {
    const { head: h } = await head(path)
    expect(tags(h, /<meta property="og:image" /)).toHaveLength(1)
    for (const tag of [/<meta property="og:image:alt"[^>]*>/, /<meta name="twitter:image:alt"[^>]*>/]) {
      const found = tags(h, tag)
      expect(found).toHaveLength(1)
      expect(attribute(found[0]!, 'content')?.trim()).toBeTruthy()
    }
  },
)

test('a post with a featured image describes it with the post title when the image has no alt text', async () => {
  const { head: h } = await head(`/blog/${withImage.slug}`)
  expect(h).toContain(`<meta property="og:image:alt" content="${Bun.escapeHTML(withImage.title)}"/>`)
})

test.each(PAGES)('%s has its canonical URL and og:url', async (path) => {
  const { status, head: h } = await head(path)
  expect(status).toBe(200)
  const canonical = attribute(tags(h, /<link rel="canonical"[^>]*>/)[0] ?? '', 'href')
  expect(canonical).toStartWith('http://localhost/')
  expect(h).toContain(`<meta property="og:url" content="${canonical}"/>`)
})

test.each(MISSING)('%s answers 404, noindex, with neither a canonical URL nor og:url', async (path) => {
  const { status, head: h } = await head(path)
  expect(status).toBe(404)
  expect(h).toContain('<meta name="robots" content="noindex"/>')
  expect(h).not.toContain('rel="canonical"')
  expect(h).not.toContain('og:url')
  expect(h).not.toContain('/404')
})

test('the blog search field is a text input with the combobox role (the HTML checker refuses it on type=search)', async () => {
  const { html } = await head('/blog')
  const input = /<input[^>]*name="q"[^>]*>/.exec(html)?.[0] ?? ''
  expect(attribute(input, 'type')).toBe('text')
  expect(attribute(input, 'role')).toBe('combobox')
  expect(attribute(input, 'aria-controls')).toBeTruthy()
  expect(html).toContain(`id="${attribute(input, 'aria-controls')}"`)
})

test('a post without an excerpt is described by the start of its text, in search results and share previews', async () => {
  const admin = adminClient(t)
  await admin.login()
  const created = await admin.json<{ slug: string }>('POST', '/api/blog', {
    title: 'Snow Globe Booth Opens',
    content: '<h2>Overview</h2><p>The booth &amp; its rink open at noon, with globes for every player.</p>',
    excerpt: '',
    status: 'published',
  })
  const { head: h } = await head(`/blog/${created.slug}`)
  const description = 'Overview The booth &amp; its rink open at noon, with globes for every player.'
  expect(h).toContain(`<meta name="description" content="${description}"/>`)
  expect(h).toContain(`<meta property="og:description" content="${description}"/>`)
  expect(h).toContain(`<meta name="twitter:description" content="${description}"/>`)
})

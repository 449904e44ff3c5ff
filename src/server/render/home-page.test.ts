import { afterEach, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { seedPosts } from '../../content/seed-posts'

let t: TestApp | undefined
afterEach(() => t?.close())

const home = async () => (await t!.request('/')).text()
const section = (html: string, id: string) => {
  const start = html.indexOf(`aria-labelledby="${id}"`)
  return start < 0 ? '' : html.slice(start, html.indexOf('</section>', start))
}

test('the server HTML of the home page lists the three newest published posts and links the blog', async () => {
  t = await createTestApp({ now: Date.UTC(2030, 2, 10, 12), seed: true })
  const latest = section(await home(), 'latest-title')
  expect(latest).toContain('Latest from the blog')
  const titles = [...latest.matchAll(/<h3 class="latest__title"><a [^>]*>(.*?)<\/a><\/h3>/g)].map((m) => m[1])
  const newest = [...seedPosts].sort((a, b) => a.publishedDaysAgo - b.publishedDaysAgo).slice(0, 3)
  expect(titles).toEqual(newest.map((p) => Bun.escapeHTML(p.title)))
  for (const post of newest) expect(latest).toContain(`href="/blog/${post.slug}"`)
  expect(latest).toContain('href="/blog"')
})

test('the home page links the open roles', async () => {
  t = await createTestApp({ now: Date.UTC(2030, 2, 10, 12) })
  const html = await home()
  const roles = section(html, 'open-roles-title')
  expect(roles).toContain('href="/jobs"')
  expect(roles).toContain('See open roles')
  // Without published posts the strip is left out rather than shown empty.
  expect(html).not.toContain('Latest from the blog')
})

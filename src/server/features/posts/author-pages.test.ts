import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { AuthorPage, PostDetail } from '../../../shared/blog'

let t: TestApp
let author: Awaited<ReturnType<typeof joinStaff>>
let quiet: Awaited<ReturnType<typeof joinStaff>>
beforeAll(async () => {
  t = await createTestApp({ seed: true })
  const owner = adminClient(t)
  await owner.login()
  author = await joinStaff(t, owner, 'author', { email: 'noor@studio.test', name: 'Noor Writer' })
  quiet = await joinStaff(t, owner, 'author', { email: 'quiet@studio.test', name: 'Quiet Drafter' })
  await author.request('POST', '/api/blog', {
    title: 'Noor on level design',
    content: '<p>Hi</p>',
    status: 'published',
  })
  await quiet.request('POST', '/api/blog', { title: 'Not yet', content: '<p>Draft</p>', status: 'draft' })
})
afterAll(() => t.close())

describe('bylines and author pages', () => {
  test('a post names its author and links to their page, in the HTML, the JSON-LD and the API', async () => {
    const post = (await (await t.request('/api/blog/slug/noor-on-level-design')).json()) as PostDetail
    expect(post.author).toEqual({ id: author.id, name: 'Noor Writer', slug: 'noor-writer' })
    const html = await (await t.request('/blog/noor-on-level-design')).text()
    expect(html).toContain('By <a href="/blog/author/noor-writer"')
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    )
    const posting = ld.find((data) => data['@type'] === 'BlogPosting')
    expect(posting.author).toEqual({
      '@type': 'Person',
      name: 'Noor Writer',
      url: 'http://localhost/blog/author/noor-writer',
    })
  })

  test('the author page lists their public posts; nobody, and someone with only drafts, has none', async () => {
    const page = (await (await t.request('/api/blog/author/noor-writer')).json()) as AuthorPage
    expect(page.author.name).toBe('Noor Writer')
    expect(page.posts.map((p) => p.title)).toEqual(['Noor on level design'])
    const html = await (await t.request('/blog/author/noor-writer')).text()
    expect(html).toContain('<h1 class="blog__title">Noor Writer</h1>')
    expect(html).toContain('href="/blog/author/noor-writer/rss.xml"')
    for (const path of ['/blog/author/quiet-drafter', '/blog/author/nobody', '/api/blog/author/quiet-drafter'])
      expect((await t.request(path)).status).toBe(404)
  })

  test('the sitemap lists author pages with public posts, and feeds name each post’s author', async () => {
    const sitemap = await (await t.request('/sitemap.xml')).text()
    expect(sitemap).toContain('<loc>http://localhost/blog/author/noor-writer</loc>')
    expect(sitemap).toContain('<loc>http://localhost/blog/author/kindlewave</loc>')
    expect(sitemap).not.toContain('quiet-drafter')
    const feed = await (await t.request('/blog/author/noor-writer/rss.xml')).text()
    expect(feed).toContain('<title>Noor on level design</title>')
    expect(feed).toContain('<dc:creator>Noor Writer</dc:creator>')
    expect(await (await t.request('/rss.xml')).text()).toContain('<dc:creator>Kindlewave Studios</dc:creator>')
  })
})

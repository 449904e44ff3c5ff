import { afterEach, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { HERO_POSTER_URL } from '../../app/public-files'
import { seedPosts } from '../../content/seed-posts'
import { site } from '../../content/site'
import { loadAssetManifest } from './assets'

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
  const titles = [...latest.matchAll(/<h3 class="latest__title" dir="auto"><a [^>]*>(.*?)<\/a><\/h3>/g)].map(
    (m) => m[1],
  )
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

type Node = Record<string, unknown>
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Node)

test('the home page describes the studio (Organization) and the site with its search (WebSite) as structured data', async () => {
  t = await createTestApp({ now: Date.UTC(2030, 2, 10, 12), seed: true })
  const origin = 'https://studio.example'
  const [data, ...more] = structuredData(await (await t.fetch(new Request(`${origin}/`))).text())
  expect(more).toEqual([])
  expect(data!['@context']).toBe('https://schema.org')
  const [organization, website] = data!['@graph'] as Node[]
  expect(organization).toEqual({
    '@type': 'Organization',
    name: site.name,
    url: `${origin}/`,
    logo: `${origin}${site.logo.src}`,
    sameAs: Object.values(site.defaultFacts.connect),
    email: site.defaultFacts.contactEmail,
  })
  for (const url of organization!.sameAs as string[]) expect(new URL(url).protocol).toBe('https:')
  const logo = await t.request(new URL(organization!.logo as string).pathname)
  expect([logo.status, logo.headers.get('content-type')]).toEqual([200, 'image/svg+xml'])

  expect(website).toMatchObject({ '@type': 'WebSite', name: site.name, url: `${origin}/` })
  const search = website!.potentialAction as Node
  expect(search).toEqual({
    '@type': 'SearchAction',
    target: `${origin}/blog?q={search_term_string}`,
    'query-input': 'required name=search_term_string',
  })
  // The search URL, with a term put in, is the blog's search for it.
  const results = new URL((search.target as string).replace('{search_term_string}', 'plush'))
  expect(results.origin).toBe(origin)
  const page = await (await t.request(results.pathname + results.search)).text()
  expect(page).toContain(`href="/blog/${seedPosts.find((p) => p.slug.includes('plush'))!.slug}"`)
})

test('only the home page carries the Organization and WebSite data; the event page its Event', async () => {
  t = await createTestApp({ now: Date.UTC(2030, 2, 10, 12), seed: true })
  for (const path of ['/blog', '/jobs', '/rdc25']) {
    const types = structuredData(await (await t.request(path)).text()).flatMap((d) => (d['@graph'] as Node[]) ?? [d])
    expect({ path, types: types.map((d) => d['@type']) }).toEqual({ path, types: path === '/rdc25' ? ['Event'] : [] })
  }
})

test("the hero poster, the page's largest element, is asked for first and never lazily, at its hashed URL", async () => {
  t = await createTestApp({ now: Date.UTC(2030, 2, 10, 12) })
  const html = await home()
  const poster = loadAssetManifest().files[HERO_POSTER_URL]!
  expect(poster).toMatch(/^\/assets\/hero-poster-[0-9a-f]{8}\.webp$/)
  const image = /<img class="hero-video__poster"[^>]*>/.exec(html)?.[0] ?? ''
  expect(image).toContain(`src="${poster}"`)
  expect(image.toLowerCase()).toContain('fetchpriority="high"')
  expect(image).not.toContain('loading=')
  // The preload React writes for it comes before the stylesheet and scripts.
  const preload = html.indexOf(`<link rel="preload" as="image" href="${poster}" fetchPriority="high"/>`)
  expect(preload).toBeGreaterThan(0)
  expect(preload).toBeLessThan(html.indexOf('rel="stylesheet"'))
})

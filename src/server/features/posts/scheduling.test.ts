import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../../tests/support/test-app'
import { seedPosts } from '../../../content/seed-posts'
import type { PostDetail, PostSummary, TagRef } from '../../../shared/blog'
import { createApp } from '../../app'
import { loadAdminPassword } from '../../auth/password'
import { openDatabase } from '../../db/client'
import { loadAssetManifest } from '../../render/assets'

const MINUTE = 60 * 1000
let now = Date.UTC(2030, 6, 1, 10, 0)
let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ now: () => now, seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

type Handler = { fetch(request: Request): Response | Promise<Response> }
const get = async (app: Handler, path: string) => app.fetch(new Request(`http://localhost${path}`))
const text = async (app: Handler, path: string) => (await get(app, path)).text()

/** Every public place a post can appear, and whether this one is there. */
async function visibility(app: Handler, slug: string, title: string, neighbour: string) {
  const titles = (posts: PostSummary[]) => posts.map((post) => post.title)
  const json = async <T>(path: string) => (await (await get(app, path)).json()) as T
  return {
    blogPage: (await text(app, '/blog')).includes(title),
    searchPage: (await text(app, '/blog?q=zeppelin')).includes(title),
    postPage: (await get(app, `/blog/${slug}`)).status,
    apiList: titles((await json<{ posts: PostSummary[] }>('/api/blog')).posts).includes(title),
    apiSearch: titles(await json<PostSummary[]>('/api/blog/search?q=zeppelin')).includes(title),
    apiFeatured: titles(await json<PostSummary[]>('/api/blog/featured')).includes(title),
    apiPost: (await get(app, `/api/blog/slug/${slug}`)).status,
    related: titles(await json<PostSummary[]>(`/api/blog/slug/${neighbour}/related`)).includes(title),
    rss: (await text(app, '/rss.xml')).includes(title),
    sitemap: (await text(app, '/sitemap.xml')).includes(`/blog/${slug}<`),
  }
}

const hidden = {
  blogPage: false,
  searchPage: false,
  postPage: 404,
  apiList: false,
  apiSearch: false,
  apiFeatured: false,
  apiPost: 404,
  related: false,
  rss: false,
  sitemap: false,
}
const shown = {
  blogPage: true,
  searchPage: true,
  postPage: 200,
  apiList: true,
  apiSearch: true,
  apiFeatured: true,
  apiPost: 200,
  related: true,
  rss: true,
  sitemap: true,
}

test('a scheduled post is on no public surface until its time, then on all of them at the first request, in every process', async () => {
  const neighbour = seedPosts[0]!
  const tagIds = (await admin.json<TagRef[]>('GET', '/api/tags'))
    .filter((tag) => neighbour.tags.includes(tag.name))
    .map((tag) => tag.id)
  const second = createApp({
    config: { NODE_ENV: 'test', LOG_REQUESTS: 'false', SITE_URL: undefined },
    db: await openDatabase({ url: t.databaseUrl }),
    adminPassword: await loadAdminPassword(t.db, TEST_ADMIN_PASSWORD, () => {}),
    assets: loadAssetManifest(),
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    clock: () => now,
  })
  // Both processes have answered (and cached) every surface before the post exists.
  for (const app of [t, second]) await visibility(app, 'zeppelin-races', 'Zeppelin Races', neighbour.slug)

  const goesLive = new Date(now + 10 * MINUTE)
  const post = await admin.json<PostDetail>('POST', '/api/blog', {
    title: 'Zeppelin Races',
    content: '<p>Zeppelin races over the plaza.</p>',
    status: 'published',
    featured: true,
    publishedAt: goesLive.toISOString(),
    tags: tagIds,
  })
  expect(post.publishedAt).toBe(goesLive.toISOString())

  now += 2 * MINUTE
  for (const app of [t, second]) {
    expect(await visibility(app, 'zeppelin-races', 'Zeppelin Races', neighbour.slug)).toEqual(hidden)
  }

  now = goesLive.getTime() + MINUTE
  for (const app of [t, second]) {
    expect(await visibility(app, 'zeppelin-races', 'Zeppelin Races', neighbour.slug)).toEqual(shown)
  }
  // The card dates the post by when it went live, and it is new from then on.
  const card = (await text(t, '/blog')).match(
    /<article class="post-card">(?:(?!<\/article>).)*Zeppelin Races.*?<\/article>/s,
  )![0]
  expect(card).toContain('>NEW<')
  expect(card).toContain(`dateTime="${goesLive.toISOString()}"`)
})

test('a date with a time is that instant, in the site time zone unless the time says otherwise', async () => {
  const at = async (publishedAt: string) =>
    (
      await admin.json<PostDetail>('POST', '/api/blog', {
        title: `At ${publishedAt}`,
        content: '<p>x</p>',
        status: 'draft',
        publishedAt,
      })
    ).publishedAt
  expect(await at('2030-08-01T18:30')).toBe('2030-08-01T18:30:00.000Z')
  expect(await at('2030-08-02T18:30:00+02:00')).toBe('2030-08-02T16:30:00.000Z')
  expect(await at('2030-08-03')).toBe('2030-08-03T00:00:00.000Z')
})

import { afterEach, expect, test } from 'bun:test'
import { brotliDecompressSync } from 'node:zlib'
import { Elysia } from 'elysia'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { FEED_POSTS_LIMIT } from '../../../shared/blog'
import { createContentVersion } from '../../cache/content-version'
import { posts, postTags, tags } from '../../db/schema'
import { siteOrigins } from '../../http/request-target'
import { createPublicJobService } from '../jobs/service'
import { createMediaService, postMediaStore } from '../media/service'
import { createAdminPostService } from '../posts/admin-service'
import { createPublicPostService, type PublicPostService } from '../posts/service'
import { createFeedCache } from './feed-cache'
import { feedRoutes } from './routes'

const NOW = Date.UTC(2030, 2, 10, 12)
const MINUTE = 60_000
let t: TestApp | undefined
afterEach(() => t?.close())

/**
 * The feed routes on the test app's database, as app.ts mounts them, with the post service's reads
 * counted: a read is a build, so the counts say how often a feed was built.
 */
function feedsOn(
  app: TestApp,
  { clock = () => NOW, sitemapUrlsPerFile }: { clock?: () => number; sitemapUrlsPerFile?: number } = {},
) {
  const version = createContentVersion(app.db, clock)
  const service = createPublicPostService(app.db, clock)
  const reads = { list: 0, byTag: 0, allPublished: 0 }
  const counted: PublicPostService = {
    ...service,
    list: (...args) => {
      reads.list++
      return service.list(...args)
    },
    byTag: (...args) => {
      reads.byTag++
      return service.byTag(...args)
    },
    allPublished: () => {
      reads.allPublished++
      return service.allPublished()
    },
  }
  const feeds = new Elysia().use(
    feedRoutes(
      { posts: counted, jobs: createPublicJobService(app.db, clock), event: { listed: async () => [] } },
      {
        origin: siteOrigins(undefined).page,
        feeds: createFeedCache(version),
        sitemapUrlsPerFile,
      },
    ),
  )
  const admin = createAdminPostService(app.db, {
    content: version,
    media: postMediaStore(createMediaService(app.db, { content: version, clock })),
    clock,
  })
  const get = (path: string, headers: Record<string, string> = {}, host = 'localhost') =>
    feeds.handle(new Request(`http://${host}${path}`, { headers }))
  const text = async (path: string) => (await get(path)).text()
  return { get, text, reads, admin }
}

/** `count` published posts tagged "Many", the newest a minute before NOW and each one a minute older. */
async function publishPosts(app: TestApp, count: number) {
  const [many] = await app.db.insert(tags).values({ name: 'Many', slug: 'many' }).returning({ id: tags.id })
  const rows = await app.db
    .insert(posts)
    .values(
      Array.from({ length: count }, (_, i) => {
        const at = new Date(NOW - (i + 1) * MINUTE)
        return {
          title: `Post ${i + 1}`,
          slug: `post-${i + 1}`,
          content: '<p>Text</p>',
          status: 'published' as const,
          createdAt: at,
          updatedAt: at,
          publishedAt: at,
        }
      }),
    )
    .returning({ id: posts.id })
  await app.db.insert(postTags).values(rows.map(({ id }) => ({ postId: id, tagId: many!.id })))
}

const itemLinks = (xml: string) => [...xml.matchAll(/<item><title>.*?<\/title><link>(.*?)<\/link>/g)].map((m) => m[1])
const locs = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]!)
const newest = (n: number) => Array.from({ length: n }, (_, i) => `http://localhost/blog/post-${i + 1}`)

test('the blog’s feed and a tag’s feed carry the newest 50 of 60 published posts, newest first', async () => {
  t = await createTestApp({ now: NOW, seedJobs: false })
  await publishPosts(t, 60)
  const { text } = feedsOn(t)
  expect(FEED_POSTS_LIMIT).toBe(50)
  expect(itemLinks(await text('/rss.xml'))).toEqual(newest(50))
  expect(itemLinks(await text('/blog/tag/many/rss.xml'))).toEqual(newest(50))
})

test('a feed is built once per content version: asked again it reads nothing, after a publication it is built again with the new post', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const { get, text, reads, admin } = feedsOn(t)
  const first = await text('/rss.xml')
  expect(await text('/rss.xml')).toBe(first)
  await text('/sitemap.xml')
  await text('/sitemap.xml')
  await text('/blog/tag/updates/rss.xml')
  await text('/blog/tag/updates/rss.xml')
  expect(reads).toEqual({ list: 1, byTag: 1, allPublished: 1 })

  const created = await admin.create({ title: 'Fresh from the studio', content: '<p>News</p>', status: 'published' })
  if (!created.ok) throw new Error(created.error)
  const after = await text('/rss.xml')
  expect(reads.list).toBe(2)
  expect(itemLinks(after)[0]).toBe(`http://localhost/blog/${created.post.slug}`)
  expect(locs(await text('/sitemap.xml'))).toContain(`http://localhost/blog/${created.post.slug}`)
  expect(reads.allPublished).toBe(2)

  // Links are absolute on the request's origin: another origin is a feed of its own.
  const elsewhere = await (await get('/rss.xml', {}, 'studio.test')).text()
  expect(itemLinks(elsewhere)[0]).toBe(`http://studio.test/blog/${created.post.slug}`)
  expect(reads.list).toBe(3)
  expect(await text('/rss.xml')).toBe(after)
  expect(reads.list).toBe(3)
})

test('a scheduled post coming due turns the feed over with no write', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  let now = NOW
  await t.db.insert(posts).values({
    title: 'Scheduled',
    slug: 'scheduled',
    content: '<p>Soon</p>',
    status: 'published',
    createdAt: new Date(NOW),
    updatedAt: new Date(NOW),
    publishedAt: new Date(NOW + 10 * MINUTE),
  })
  const { text, reads } = feedsOn(t, { clock: () => now })
  expect(itemLinks(await text('/rss.xml'))).not.toContain('http://localhost/blog/scheduled')
  now += 5 * MINUTE
  await text('/rss.xml')
  expect(reads.list).toBe(1)
  now += 5 * MINUTE
  expect(itemLinks(await text('/rss.xml'))[0]).toBe('http://localhost/blog/scheduled')
  expect(reads.list).toBe(2)
})

test('an unknown tag’s feed is 404 and is not kept', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const { get, reads } = feedsOn(t)
  expect((await get('/blog/tag/no-such-tag/rss.xml')).status).toBe(404)
  expect((await get('/blog/tag/no-such-tag/rss.xml')).status).toBe(404)
  expect(reads.byTag).toBe(2)
})

test('past the URLs one sitemap file may hold, /sitemap.xml is an index of files that hold every URL once', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const whole = locs(await feedsOn(t).text('/sitemap.xml'))
  expect((await feedsOn(t).get('/sitemap-1.xml')).status).toBe(404)

  const perFile = 5
  const { get, text } = feedsOn(t, { sitemapUrlsPerFile: perFile })
  const index = await text('/sitemap.xml')
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
  const files = locs(index)
  expect(files).toEqual(
    Array.from({ length: Math.ceil(whole.length / perFile) }, (_, i) => `http://localhost/sitemap-${i + 1}.xml`),
  )
  expect(index).toMatch(/<sitemap><loc>http:\/\/localhost\/sitemap-1\.xml<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/)
  const listed: string[] = []
  for (const file of files) {
    const xml = await text(new URL(file).pathname)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(locs(xml).length).toBeLessThanOrEqual(perFile)
    listed.push(...locs(xml))
  }
  expect(listed).toEqual(whole)
  for (const missing of [`/sitemap-${files.length + 1}.xml`, '/sitemap-0.xml', '/sitemap-x.xml'])
    expect((await get(missing)).status).toBe(404)
})

test('a kept feed is sent brotli-compressed with an ETag, and answers 304 until the content changes', async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const { get, text, admin } = feedsOn(t)
  const plain = await text('/rss.xml')
  const br = await get('/rss.xml', { 'accept-encoding': 'br' })
  expect(br.headers.get('content-encoding')).toBe('br')
  expect(brotliDecompressSync(await br.arrayBuffer()).toString()).toBe(plain)
  const etag = br.headers.get('etag')!
  expect(etag).toBeTruthy()
  const revalidated = await get('/rss.xml', { 'accept-encoding': 'br', 'if-none-match': etag })
  expect(revalidated.status).toBe(304)
  expect((await get('/rss.xml', { 'accept-encoding': 'gzip' })).headers.get('content-encoding')).toBe('gzip')

  const created = await admin.create({ title: 'Another one', content: '<p>News</p>', status: 'published' })
  expect(created.ok).toBe(true)
  const changed = await get('/rss.xml', { 'accept-encoding': 'br', 'if-none-match': etag })
  expect(changed.status).toBe(200)
  expect(changed.headers.get('etag')).not.toBe(etag)
})

import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { PostDetail, PostPage, PostSummary } from '../../../shared/blog'
import { cachePublicPosts, READ_CACHE_MAX_BYTES } from './cached-service'
import type { PublicPostService } from './service'

let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

const get = async <T>(path: string) => (await (await t.request(path)).json()) as T
const postId = async (slug: string) =>
  (await admin.json<{ id: number; slug: string }[]>('GET', '/api/blog/admin-summary')).find((p) => p.slug === slug)!.id

// The public API answers from memory; every one of these reads is made twice before the write so a stale
// entry would be there to serve.
test('an unpublished post leaves the list, search, featured, related, slug and feed answers on the next request', async () => {
  const slug = 'button-and-bean-move-into-donation-plaza'
  const relatedSlugs = async (of: string) =>
    (await get<PostSummary[]>(`/api/blog/slug/${of}/related`)).map((p) => p.slug)
  let relatedTo = ''
  for (const post of (await get<PostPage>('/api/blog?limit=50')).posts)
    if ((await relatedSlugs(post.slug)).includes(slug)) relatedTo = post.slug
  expect(relatedTo).not.toBe('')
  const related = async () => (await relatedSlugs(relatedTo)).includes(slug)
  const inFeed = async () => (await (await t.request('/rss.xml')).text()).includes(`/blog/${slug}<`)
  for (let i = 0; i < 2; i++) {
    expect((await get<PostPage>('/api/blog?limit=50')).posts.some((p) => p.slug === slug)).toBe(true)
    expect((await get<PostSummary[]>('/api/blog/search?q=button')).some((p) => p.slug === slug)).toBe(true)
    expect((await get<PostSummary[]>('/api/blog/featured')).some((p) => p.slug === slug)).toBe(true)
    expect((await t.request(`/api/blog/slug/${slug}`)).status).toBe(200)
    expect(await inFeed()).toBe(true)
    expect(await related()).toBe(true)
  }
  const id = await postId(slug)
  const full = await admin.json<Record<string, unknown>>('GET', `/api/blog/${id}`)
  expect(
    (await admin.request('PUT', `/api/blog/${id}`, { title: full.title, slug, content: full.content, status: 'draft' }))
      .status,
  ).toBe(200)

  expect((await get<PostPage>('/api/blog?limit=50')).posts.some((p) => p.slug === slug)).toBe(false)
  expect((await get<PostSummary[]>('/api/blog/search?q=button')).some((p) => p.slug === slug)).toBe(false)
  expect((await get<PostSummary[]>('/api/blog/featured')).some((p) => p.slug === slug)).toBe(false)
  expect((await t.request(`/api/blog/slug/${slug}`)).status).toBe(404)
  expect(await inFeed()).toBe(false)
  expect(await related()).toBe(false)
})

test('a deleted tag leaves the post on the next request', async () => {
  const slug = 'golf-cart-gamepass'
  const before = await get<PostDetail>(`/api/blog/slug/${slug}`)
  await get<PostDetail>(`/api/blog/slug/${slug}`)
  const tag = before.tags[0]!
  expect((await admin.request('DELETE', `/api/tags/${tag.id}`)).status).toBe(200)
  expect((await get<PostDetail>(`/api/blog/slug/${slug}`)).tags.map((x) => x.id)).not.toContain(tag.id)
})

test('a post published after a 404 for its slug answers on the next request', async () => {
  expect((await t.request('/api/blog/slug/not-yet-written')).status).toBe(404)
  const id = await postId('golf-cart-gamepass')
  const full = await admin.json<Record<string, unknown>>('GET', `/api/blog/${id}`)
  const created = await admin.request('POST', '/api/blog', {
    title: 'Not Yet Written',
    slug: 'not-yet-written',
    content: full.content,
    status: 'published',
  })
  expect(created.status).toBe(201)
  expect((await t.request('/api/blog/slug/not-yet-written')).status).toBe(200)
})

test('search results are kept within a byte budget, not only a number of entries', async () => {
  // Each result weighs a megabyte: far fewer fit in the budget than the 500 entries the cache allows.
  const result = [{ title: 'x'.repeat(1024 * 1024) }] as unknown as PostSummary[]
  const searched: string[] = []
  const service = {
    search: async (query: string) => {
      searched.push(query)
      return result
    },
  } as unknown as PublicPostService
  const cached = cachePublicPosts(service, { current: async () => 'v1', known: () => 'v1' })
  const queries = Array.from({ length: Math.ceil(READ_CACHE_MAX_BYTES / (1024 * 1024)) + 4 }, (_, i) => `q${i}`)
  for (const query of queries) await cached.search(query, 10)
  await cached.search(queries.at(-1)!, 10)
  expect(searched.length).toBe(queries.length)
  await cached.search(queries[0]!, 10)
  expect(searched.length).toBe(queries.length + 1)
})

import { afterAll, beforeAll, beforeEach, expect, test } from 'bun:test'
import { count, eq } from 'drizzle-orm'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { PostDetail, TagRef } from '../../../shared/blog'
import { type PostRevision, type PostRevisionSummary, REVISIONS_KEPT } from '../../../shared/revisions'
import { postRevisions } from '../../db/schema'

const START = Date.UTC(2030, 6, 1, 10)
let now = START
let t: TestApp
let admin: ReturnType<typeof adminClient>
let lanterns: TagRef
let boats: TagRef
beforeAll(async () => {
  t = await createTestApp({ now: () => now })
  admin = adminClient(t)
  await admin.login()
  lanterns = await admin.json<TagRef>('POST', '/api/tags', { name: 'Lanterns' })
  boats = await admin.json<TagRef>('POST', '/api/tags', { name: 'Boats' })
})
afterAll(() => t.close())
// Every save happens a minute after the one before it.
beforeEach(() => {
  now += 60_000
})

/** The editor's payload for a post as it is, with changes. */
const form = (post: PostDetail, over: Record<string, unknown> = {}) => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  content: post.content,
  featuredImage: post.featuredImage,
  featured: post.featured,
  status: post.status,
  publishedAt: post.publishedAt,
  tags: post.tags.map((tag) => tag.id),
  ...over,
})
const create = (title: string, over: Record<string, unknown> = {}) =>
  admin.json<PostDetail>('POST', '/api/blog', { title, content: '<p>First words.</p>', status: 'draft', ...over })
async function save(post: PostDetail, over: Record<string, unknown>) {
  now += 1000
  const res = await admin.request('PUT', `/api/blog/${post.id}`, form(post, over))
  expect(res.status).toBe(200)
  return (await res.json()) as PostDetail
}
const list = (post: PostDetail) => admin.json<PostRevisionSummary[]>('GET', `/api/blog/${post.id}/revisions`)
const read = (post: PostDetail, revisionId: number) =>
  admin.json<PostRevision>('GET', `/api/blog/${post.id}/revisions/${revisionId}`)
const restore = (post: PostDetail, revisionId: number) => {
  now += 1000
  return admin.request('POST', `/api/blog/${post.id}/revisions/${revisionId}/restore`)
}
const stored = async (postId: number) =>
  (await t.db.select({ n: count() }).from(postRevisions).where(eq(postRevisions.postId, postId)))[0]!.n

test('each save keeps the version it replaced, newest first, with the time of the save', async () => {
  const first = await create('Lantern Walk', { excerpt: 'Lights on the river.', tags: [lanterns.id] })
  expect(await list(first)).toEqual([])

  const second = await save(first, { title: 'Lantern Walk 2030' })
  const secondSavedAt = new Date(now).toISOString()
  await save(second, { content: '<p>Second words.</p>', status: 'published', tags: [lanterns.id, boats.id] })

  const revisions = await list(first)
  expect(revisions.map(({ title, status, savedAt }) => ({ title, status, savedAt }))).toEqual([
    { title: 'Lantern Walk 2030', status: 'draft', savedAt: new Date(now).toISOString() },
    { title: 'Lantern Walk', status: 'draft', savedAt: secondSavedAt },
  ])
  expect(revisions[1]).not.toHaveProperty('content')
  expect(await read(first, revisions[1]!.id)).toEqual({
    id: revisions[1]!.id,
    postId: first.id,
    savedAt: secondSavedAt,
    title: 'Lantern Walk',
    slug: 'lantern-walk',
    excerpt: 'Lights on the river.',
    content: '<p>First words.</p>',
    featuredImage: null,
    featured: false,
    status: 'draft',
    publishedAt: first.publishedAt,
    tags: [lanterns],
    changed: ['title'],
  })
})

test('saving the same values again adds no revision', async () => {
  const post = await create('Quiet Harbour', {
    excerpt: 'Boats & <b>lights</b>.',
    content: '<h2>Harbour</h2><p>Boats &amp; lights.</p><p><br></p>',
    tags: [boats.id, lanterns.id],
    status: 'published',
    publishedAt: '2030-06-20T18:30',
  })
  const again = await save(post, {})
  await save(again, {})
  expect(await list(post)).toEqual([])
  await save(again, { featured: true })
  expect((await list(post)).map((revision) => revision.changed)).toEqual([['featured']])
})

test('each revision says what the save that replaced it changed', async () => {
  const post = await create('Night Market', { tags: [boats.id] })
  const a = await save(post, { title: 'Night Market Opens' })
  const b = await save(a, { content: '<p>Stalls until midnight.</p>', status: 'published' })
  const c = await save(b, { tags: [lanterns.id], excerpt: 'Stalls.' })
  const d = await save(c, {
    publishedAt: '2030-08-01T20:00',
    slug: 'night-market-2030',
    featuredImage: '/images/x.jpg',
  })
  await save(d, { title: 'Night Market Opens', content: '<p>Stalls until one.</p>' })

  const revisions = await list(post)
  expect(revisions.map((revision) => revision.changed)).toEqual([
    ['content'],
    ['slug', 'featuredImage', 'publishedAt'],
    ['excerpt', 'tags'],
    ['content', 'status'],
    ['title'],
  ])
  // The full read says the same as the list.
  for (const revision of revisions) expect((await read(post, revision.id)).changed).toEqual(revision.changed)
})

test(`only the newest ${REVISIONS_KEPT} revisions of a post are kept`, async () => {
  const post = await create('Long History')
  const other = await create('Other Post')
  const version = { title: 'Old', slug: 'long-history', excerpt: '', content: '<p>Old.</p>', featuredImage: null }
  const common = { ...version, featured: false, status: 'draft' as const, publishedAt: null, tagIds: [] }
  await t.db
    .insert(postRevisions)
    .values(
      Array.from({ length: REVISIONS_KEPT + 10 }, (_, i) => ({ ...common, postId: post.id, savedAt: new Date(i) })),
    )
  await t.db.insert(postRevisions).values({ ...common, postId: other.id, savedAt: new Date(0) })
  const newest = (await list(post))[0]!

  await save(post, { title: 'Long History, Revised' })
  const revisions = await list(post)
  expect(revisions).toHaveLength(REVISIONS_KEPT)
  expect(await stored(post.id)).toBe(REVISIONS_KEPT)
  expect(revisions[0]!.title).toBe('Long History')
  expect(revisions[1]!.id).toBe(newest.id)
  expect(revisions.at(-1)!.id).toBe(newest.id - (REVISIONS_KEPT - 2))
  // Another post's history is its own.
  expect(await stored(other.id)).toBe(1)
})

test('restoring the first version brings it back, and the restore can be undone', async () => {
  const first = await create('Boat Parade', {
    content: '<p>Boats at noon.</p>',
    tags: [boats.id],
    status: 'draft',
    publishedAt: '2030-07-10T12:00',
  })
  const second = await save(first, {
    title: 'Boat and Lantern Parade',
    content: '<p>Boats and lanterns at dusk.</p>',
    tags: [boats.id, lanterns.id],
    status: 'published',
    publishedAt: '2030-07-01T09:30',
  })
  const [revision] = await list(first)

  const res = await restore(first, revision!.id)
  expect(res.status).toBe(200)
  const restored = (await res.json()) as PostDetail
  const pick = ({ title, slug, content, status, publishedAt, tags }: PostDetail) => ({
    title,
    slug,
    content,
    status,
    publishedAt,
    tags,
  })
  expect(pick(restored)).toEqual(pick(first))
  expect(pick(await admin.json<PostDetail>('GET', `/api/blog/${first.id}`))).toEqual(pick(first))

  // The version the restore replaced is now the newest revision: restoring it undoes the restore.
  const revisions = await list(first)
  expect(revisions.map(({ title, status }) => ({ title, status }))).toEqual([
    { title: 'Boat and Lantern Parade', status: 'published' },
    { title: 'Boat Parade', status: 'draft' },
  ])
  expect(revisions[0]!.changed).toEqual(['title', 'content', 'status', 'publishedAt', 'tags'])
  const undone = await restore(first, revisions[0]!.id)
  expect(undone.status).toBe(200)
  expect(pick((await undone.json()) as PostDetail)).toEqual(pick(second))
})

test('a tag deleted since is left out of the revision and of its restore', async () => {
  const gone = await admin.json<TagRef>('POST', '/api/tags', { name: 'Fireworks' })
  const post = await create('Fireworks Night', { tags: [gone.id, lanterns.id] })
  await save(post, { tags: [] })
  expect((await admin.request('DELETE', `/api/tags/${gone.id}`)).status).toBe(200)
  const [revision] = await list(post)
  expect((await read(post, revision!.id)).tags).toEqual([lanterns])
  const res = await restore(post, revision!.id)
  expect(res.status).toBe(200)
  expect(((await res.json()) as PostDetail).tags).toEqual([lanterns])
})

test("another post's revision, an unknown one and an unknown post are not found", async () => {
  const mine = await create('Mine')
  const theirs = await create('Theirs')
  await save(theirs, { title: 'Theirs, edited' })
  const [foreign] = await list(theirs)
  for (const [method, path, error] of [
    ['GET', `/api/blog/${mine.id}/revisions/${foreign!.id}`, 'Revision not found'],
    ['POST', `/api/blog/${mine.id}/revisions/${foreign!.id}/restore`, 'Revision not found'],
    ['GET', `/api/blog/${mine.id}/revisions/999999`, 'Revision not found'],
    ['POST', `/api/blog/${mine.id}/revisions/999999/restore`, 'Revision not found'],
    ['GET', '/api/blog/999999/revisions', 'Post not found'],
    ['GET', `/api/blog/999999/revisions/${foreign!.id}`, 'Post not found'],
    ['POST', `/api/blog/999999/revisions/${foreign!.id}/restore`, 'Post not found'],
  ] as const) {
    const res = await admin.request(method, path)
    expect([method, path, res.status, await res.json()]).toEqual([method, path, 404, { error }])
  }
  expect((await admin.request('GET', `/api/blog/${mine.id}/revisions/abc`)).status).toBe(400)
  // Nothing changed on either post.
  expect((await admin.json<PostDetail>('GET', `/api/blog/${mine.id}`)).title).toBe('Mine')
  expect(await list(mine)).toEqual([])
})

test('the revision calls need a session, and leave the post calls as they were', async () => {
  const post = await create('Private History')
  await save(post, { title: 'Private History, edited' })
  const [revision] = await list(post)
  for (const [method, path] of [
    ['GET', `/api/blog/${post.id}/revisions`],
    ['GET', `/api/blog/${post.id}/revisions/${revision!.id}`],
    ['POST', `/api/blog/${post.id}/revisions/${revision!.id}/restore`],
  ] as const) {
    const res = await t.request(path, { method, headers: { origin: 'http://localhost' } })
    expect([method, path, res.status]).toEqual([method, path, 401])
  }
  expect((await admin.json<PostDetail>('GET', `/api/blog/${post.id}`)).title).toBe('Private History, edited')
  expect((await admin.request('GET', '/api/blog/admin-summary')).status).toBe(200)
})

test("restoring a published post's old slug makes it the post's address again, the newer one redirecting", async () => {
  const post = await create('Harbour Lights Walk', { status: 'published', publishedAt: '2030-06-01' })
  await save(post, { slug: 'harbour-lights-walk-2030' })
  expect((await t.request('/blog/harbour-lights-walk')).headers.get('location')).toBe('/blog/harbour-lights-walk-2030')

  const [revision] = await list(post)
  expect((await restore(post, revision!.id)).status).toBe(200)
  expect((await t.request('/blog/harbour-lights-walk')).status).toBe(200)
  const newer = await t.request('/blog/harbour-lights-walk-2030')
  expect([newer.status, newer.headers.get('location')]).toEqual([301, '/blog/harbour-lights-walk'])
})

test("a revision's slug held by another post now answers 409, as any save does, and changes nothing", async () => {
  const post = await create('Sunset Swim', { status: 'published' })
  const renamed = await save(post, { slug: 'sunset-swim-2030' })
  const [revision] = await list(post)

  // Another post asked to take the old address (it redirected to this one) and got it.
  const other = await create('Sunset Swim', { status: 'published', takeRedirectedSlug: true })
  expect(other.slug).toBe('sunset-swim')
  const taken = await restore(post, revision!.id)
  expect(taken.status).toBe(409)
  expect(await taken.json()).toEqual({ error: 'A post with the slug "sunset-swim" already exists' })

  // The other post moved on: the address now leads to it, and taking it over needs the editor's confirmation.
  await save(other, { slug: 'sunset-swim-club' })
  const redirected = await restore(post, revision!.id)
  expect(redirected.status).toBe(409)
  expect(await redirected.json()).toMatchObject({ code: 'slug-redirects' })
  expect((await admin.json<PostDetail>('GET', `/api/blog/${post.id}`)).slug).toBe(renamed.slug)
  expect(await list(post)).toHaveLength(1)
})

test('deleting a post deletes its revisions, with or without foreign-key cascades', async () => {
  const post = await create('Short Lived')
  await save(post, { title: 'Short Lived, edited' })
  expect(await stored(post.id)).toBe(1)
  // libSQL enforces foreign keys by default, but it is a per-connection setting: the delete must not
  // depend on it. The next transaction takes over the connection this turns it off on.
  await t.db.$client.execute('PRAGMA foreign_keys = OFF')
  expect((await admin.request('DELETE', `/api/blog/${post.id}`)).status).toBe(200)
  expect(await stored(post.id)).toBe(0)
})

import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { PostDetail } from '../../../shared/blog'
import { postVersionTag, STALE_POST_MESSAGE, type StalePostAnswer } from '../../../shared/post-version'

let now = Date.UTC(2030, 6, 1, 10)
let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ now: () => now })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

const form = (post: PostDetail, over: Record<string, unknown> = {}) => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  content: post.content,
  status: post.status,
  tags: post.tags.map((tag) => tag.id),
  ...over,
})

/** The post as an editor opening it gets it: its body and its ETag. */
async function open(id: number) {
  const res = await admin.request('GET', `/api/blog/${id}`)
  expect(res.status).toBe(200)
  return { post: (await res.json()) as PostDetail, etag: res.headers.get('etag') }
}

/** A save a second later, sent with `ifMatch` when given. */
function save(post: PostDetail, over: Record<string, unknown>, ifMatch?: string) {
  now += 1000
  return admin.request('PUT', `/api/blog/${post.id}`, form(post, over), ifMatch ? { 'if-match': ifMatch } : {})
}

const create = async (title: string) =>
  (await admin.json<PostDetail>('POST', '/api/blog', { title, content: '<p>First words.</p>', status: 'draft' })).id

test('a post is sent with its version as ETag, which changes with each save', async () => {
  const { post, etag } = await open(await create('Versions'))
  expect(etag).toBe(postVersionTag(post.updatedAt))
  expect((await save(post, { title: 'Versions, again' }, etag!)).status).toBe(200)
  const again = await open(post.id)
  expect(again.etag).not.toBe(etag)
  expect(again.post.title).toBe('Versions, again')
})

test('two editors open a post; the second save, made on the version the first replaced, is refused and writes nothing', async () => {
  const id = await create('Two tabs')
  const tabA = await open(id)
  const tabB = await open(id)
  expect(
    (await save(tabA.post, { content: '<p>First words.</p><p>A paragraph tab A added.</p>' }, tabA.etag!)).status,
  ).toBe(200)
  const savedAt = new Date(now).toISOString()

  const refused = await save(tabB.post, { title: 'Two tabs, retitled by B' }, tabB.etag!)
  expect(refused.status).toBe(412)
  expect((await refused.json()) as StalePostAnswer).toEqual({
    error: STALE_POST_MESSAGE,
    savedBy: 'Kindlewave Studios',
    savedAt,
  })
  const standing = (await open(id)).post
  expect(standing.title).toBe('Two tabs')
  expect(standing.content).toContain('A paragraph tab A added.')
  expect(standing.updatedAt).toBe(savedAt)
})

test('If-Match follows RFC 9110: * and a list holding the version allow the save, a weak tag never does', async () => {
  const id = await create('Header forms')
  let { post, etag } = await open(id)
  expect((await save(post, { excerpt: 'any version' }, '*')).status).toBe(200)
  ;({ post, etag } = await open(id))
  expect((await save(post, { excerpt: 'listed' }, `"1", ${etag}`)).status).toBe(200)
  ;({ post, etag } = await open(id))
  expect((await save(post, { excerpt: 'weak' }, `W/${etag}`)).status).toBe(412)
  expect((await open(id)).post.excerpt).toBe('listed')
})

test("without If-Match a save behaves as the spec's call does: it is written", async () => {
  const { post } = await open(await create('No header'))
  await save(post, { title: 'No header, saved once' })
  const res = await save(post, { title: 'No header, saved from the stale copy' })
  expect(res.status).toBe(200)
  expect(((await res.json()) as PostDetail).title).toBe('No header, saved from the stale copy')
})

test('a save on a post that is gone is 404 whatever its If-Match', async () => {
  const { post, etag } = await open(await create('Gone'))
  expect((await admin.request('DELETE', `/api/blog/${post.id}`)).status).toBe(200)
  expect((await save(post, { title: 'Gone, saved' }, etag!)).status).toBe(404)
})

test('a stale save is refused before its content is stored or checked against other posts: 412, not 409', async () => {
  await create('Taken address')
  const { post, etag } = await open(await create('Precondition first'))
  expect((await save(post, { excerpt: 'saved first' }, etag!)).status).toBe(200)
  expect((await save(post, { slug: 'taken-address' }, etag!)).status).toBe(412)
})

test('each save is a new version, even when the clock has not moved since the last', async () => {
  const { post, etag } = await open(await create('Frozen clock'))
  const frozen = now
  const first = await admin.request('PUT', `/api/blog/${post.id}`, form(post, { excerpt: 'one' }), {
    'if-match': etag!,
  })
  now = frozen
  const second = await open(post.id)
  expect(second.etag).not.toBe(etag)
  const again = await admin.request('PUT', `/api/blog/${post.id}`, form(post, { excerpt: 'two' }), {
    'if-match': second.etag!,
  })
  now = frozen
  expect([first.status, again.status]).toEqual([200, 200])
  const third = await open(post.id)
  expect(third.etag).not.toBe(second.etag)
  // The first tab's version, replaced twice since, is refused.
  expect((await save(post, { excerpt: 'stale' }, etag!)).status).toBe(412)
})

test('restoring an earlier version names the version it replaces too: a save since is a 412 and nothing changes', async () => {
  const { post, etag } = await open(await create('Restore check'))
  expect((await save(post, { excerpt: 'second version' }, etag!)).status).toBe(200)
  const [revision] = await admin.json<{ id: number }[]>('GET', `/api/blog/${post.id}/revisions`)
  const restore = (ifMatch: string) =>
    admin.request('POST', `/api/blog/${post.id}/revisions/${revision!.id}/restore`, undefined, { 'if-match': ifMatch })
  expect((await restore(etag!)).status).toBe(412)
  expect((await open(post.id)).post.excerpt).toBe('second version')
  expect((await restore((await open(post.id)).etag!)).status).toBe(200)
  expect((await open(post.id)).post.excerpt).toBe(post.excerpt)
})

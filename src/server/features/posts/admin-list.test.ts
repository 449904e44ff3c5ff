import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { AuditEvent } from '../../../shared/admin-security'
import type { PostSummary, TagRef } from '../../../shared/blog'
import type { BulkResult } from '../../../shared/post-bulk'
import { STAFF_MESSAGES } from '../../../shared/staff'
import { posts, postTags } from '../../db/schema'
import { bundledPostContent } from './post-content'

const NOW = Date.UTC(2030, 6, 1, 12)
const HOUR = 3_600_000
const COUNT = 1000

let t: TestApp
let admin: ReturnType<typeof adminClient>
let author: Awaited<ReturnType<typeof joinStaff>>
let news: TagRef
let events: TagRef

/**
 * A thousand posts, made straight in the database: every tenth a draft, every tenth (the next) scheduled,
 * the rest published; every fourth by the author; every third tagged News. One word, "zephyrine", is only
 * in the text of post 777, never in a title or excerpt.
 */
async function addPosts() {
  const rows = []
  for (let n = 0; n < COUNT; n++) {
    const title = `${n % 2 ? 'update' : 'Update'} ${String(n).padStart(4, '0')}`
    const excerpt = `Notes for week ${n}.`
    const content = `<p>Patch notes number ${n}${n === 777 ? ', with the zephyrine fix' : ''}.</p>`
    const created = new Date(NOW - (COUNT - n) * HOUR)
    rows.push({
      title,
      slug: `post-${n}`,
      excerpt,
      ...(await bundledPostContent({ title, excerpt, content })),
      status: n % 10 === 0 ? ('draft' as const) : ('published' as const),
      createdAt: created,
      updatedAt: created,
      publishedAt: n % 10 === 1 ? new Date(NOW + (n + 1) * HOUR) : created,
      authorId: n % 4 === 0 ? author.id : 1,
    })
  }
  const ids = await t.db.insert(posts).values(rows).returning({ id: posts.id })
  await t.db
    .insert(postTags)
    .values(ids.filter((_, n) => n % 3 === 0).map(({ id }) => ({ postId: id, tagId: news.id })))
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW })
  admin = adminClient(t)
  await admin.login()
  author = await joinStaff(t, admin, 'author')
  news = await admin.json<TagRef>('POST', '/api/tags', { name: 'News' })
  events = await admin.json<TagRef>('POST', '/api/tags', { name: 'Events' })
  await addPosts()
})
afterAll(() => t.close())

async function list(query: string) {
  const res = await admin.request('GET', `/api/blog/admin-summary?${query}`)
  expect(res.status).toBe(200)
  return { posts: (await res.json()) as PostSummary[], total: Number(res.headers.get('x-total-count')) }
}
const numberOf = (post: PostSummary) => Number(post.slug.slice('post-'.length))

describe('the admin list of a thousand posts', () => {
  test('without parameters it answers the spec’s whole list, newest first', async () => {
    const all = await admin.json<PostSummary[]>('GET', '/api/blog/admin-summary')
    expect(all).toHaveLength(COUNT)
    expect(all.slice(0, 2).map(numberOf)).toEqual([999, 998])
  })

  test('search finds a word that only the text of a post holds, and drafts as well as published posts', async () => {
    expect((await list('q=zephyrine')).posts.map(numberOf)).toEqual([777])
    expect((await list('q=Zephyrine fix')).total).toBe(1)
    expect((await list('q=number 300&status=draft')).posts.map(numberOf)).toEqual([300])
  })

  test('a page is at most its size; sorting by title ignores case and pages follow on', async () => {
    const first = await list('sort=title&limit=50')
    const second = await list('sort=title&limit=50&page=2')
    expect(first.total).toBe(COUNT)
    expect(first.posts).toHaveLength(50)
    expect([...first.posts, ...second.posts].map(numberOf)).toEqual(Array.from({ length: 100 }, (_, n) => n))
    expect((await list('sort=-title&limit=3')).posts.map(numberOf)).toEqual([999, 998, 997])
    expect((await list('sort=publishedAt&status=scheduled&limit=2')).posts.map(numberOf)).toEqual([1, 11])
    expect((await list('page=21')).posts).toEqual([])
  })

  test('filters by status, tag and author, together and with their totals', async () => {
    expect((await list('status=draft')).total).toBe(100)
    expect((await list('status=scheduled')).total).toBe(100)
    expect((await list('status=published')).total).toBe(800)
    expect((await list(`tag=${news.id}`)).total).toBe(334)
    expect((await list(`author=${author.id}`)).total).toBe(250)
    const both = await list(`author=${author.id}&status=draft&tag=${news.id}&limit=100`)
    expect(both.posts.map(numberOf).every((n) => n % 60 === 0)).toBe(true)
    expect(both.total).toBe(17)
  })

  test('parameters it cannot read are refused, naming the parameter', async () => {
    const refused = async (query: string) => {
      const res = await admin.request('GET', `/api/blog/admin-summary?${query}`)
      expect(res.status).toBe(400)
      return ((await res.json()) as { error: string }).error
    }
    expect(await refused('sort=name')).toBe(
      'Sort must be one of title, status, createdAt, publishedAt, with a leading - for descending',
    )
    expect(await refused('limit=101')).toBe('Limit must be a number at least 1 and at most 100')
    expect(await refused('page=two')).toBe('Page must be a number')
    expect(await refused('status=live')).toBe('Status must be draft, scheduled, published or featured')
  })
})

describe('bulk actions', () => {
  test('unpublishing fifty posts takes them off the public pages at the next request, each audited', async () => {
    const page = await list('status=published&limit=50')
    const ids = page.posts.map((post) => post.id)
    const before = await (await t.request(`/blog/${page.posts[0]!.slug}`)).text()
    expect(before).toContain(page.posts[0]!.title)
    const result = await admin.json<BulkResult>('POST', '/api/blog/bulk', { ids, action: 'unpublish' })
    expect(result).toEqual({ done: ids, failed: [] })
    expect((await list('status=published')).total).toBe(750)
    expect((await t.request(`/blog/${page.posts[0]!.slug}`)).status).toBe(404)
    const blog = await (await t.request('/blog')).text()
    for (const post of page.posts.slice(0, 3)) expect(blog).not.toContain(`/blog/${post.slug}"`)
    const audit = await admin.json<AuditEvent[]>('GET', '/api/admin/audit?type=post.updated&limit=100')
    const titles = new Set(page.posts.map((post) => post.title))
    expect(audit.filter((event) => titles.has(event.subject))).toHaveLength(50)
    // Done again, nothing is left to change: every post is done, none written twice.
    expect(await admin.json<BulkResult>('POST', '/api/blog/bulk', { ids, action: 'unpublish' })).toEqual({
      done: ids,
      failed: [],
    })
  })

  test('tagging and untagging; a tag is named and must exist', async () => {
    const { posts: some } = await list('status=draft&limit=5')
    const ids = some.map((post) => post.id)
    expect(await admin.json<BulkResult>('POST', '/api/blog/bulk', { ids, action: 'tag', tagId: events.id })).toEqual({
      done: ids,
      failed: [],
    })
    expect((await list(`tag=${events.id}`)).total).toBe(5)
    await admin.json('POST', '/api/blog/bulk', { ids: ids.slice(0, 2), action: 'untag', tagId: events.id })
    expect((await list(`tag=${events.id}`)).total).toBe(3)
    const missing = await admin.request('POST', '/api/blog/bulk', { ids, action: 'tag' })
    expect([missing.status, await missing.json()]).toEqual([400, { error: 'Choose the tag to add or remove' }])
    const unknown = await admin.request('POST', '/api/blog/bulk', { ids, action: 'tag', tagId: 9999 })
    expect([unknown.status, await unknown.json()]).toEqual([400, { error: 'Unknown tag id: 9999' }])
  })

  test('each post on its own: an author deletes their own posts and is refused the others, unknown ids fail', async () => {
    const theirs = (await list(`author=${author.id}&status=draft&limit=2`)).posts.map((post) => post.id)
    const others = (await list('status=draft&limit=100')).posts.filter((post) => post.authorId === 1).slice(0, 1)
    const ids = [...theirs, others[0]!.id, 999_999]
    const result = await author.json<BulkResult>('POST', '/api/blog/bulk', { ids, action: 'delete' })
    expect(result).toEqual({
      done: theirs,
      failed: [
        { id: others[0]!.id, error: STAFF_MESSAGES.notYourPost },
        { id: 999_999, error: 'Post not found' },
      ],
    })
    expect((await admin.request('GET', `/api/blog/${theirs[0]}`)).status).toBe(404)
    expect((await admin.request('GET', `/api/blog/${others[0]!.id}`)).status).toBe(200)
  })

  test('a request it cannot read is refused whole', async () => {
    const refused = async (body: unknown) => {
      const res = await admin.request('POST', '/api/blog/bulk', body)
      expect(res.status).toBe(400)
      return ((await res.json()) as { error: string }).error
    }
    expect(await refused({ ids: [], action: 'delete' })).toBe('Posts: at least 1 item')
    expect(await refused({ ids: Array.from({ length: 101 }, (_, n) => n + 1), action: 'delete' })).toBe(
      'Posts: at most 100 items',
    )
    expect(await refused({ ids: [1], action: 'archive' })).toBe(
      'Action must be publish, unpublish, delete, tag or untag',
    )
    expect(await refused({ ids: [1], action: 'delete', extra: true })).toBe('Unknown field: extra')
    expect(await refused({ ids: ['1'], action: 'delete' })).toBe('Posts must be numbers')
  })
})

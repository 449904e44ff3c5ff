import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import type { AdminPostDetail, PostDetail, PostSummary, TagRef } from '../../../shared/blog'

let now: number
let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeEach(async () => {
  now = Date.UTC(2030, 4, 20, 15)
  t = await createTestApp({ now: () => now, seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterEach(() => t.close())

const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Plaza Update: Fountain Races',
  slug: '',
  content: '<h2>Races</h2><p>Ride the fountain rapids.</p>',
  excerpt: 'Ride the fountain rapids.',
  featuredImage: '',
  featured: false,
  status: 'draft',
  publishedAt: '2030-05-20',
  tags: [],
  ...over,
})

async function expectError(res: Response, status: number, error: string | RegExp) {
  expect(res.status).toBe(status)
  const body = await res.json()
  if (typeof error === 'string') expect(body).toEqual({ error })
  else expect(body.error).toMatch(error)
}

describe('without a session', () => {
  test.each([
    ['GET', '/api/blog/admin-summary?_nocache'],
    ['GET', '/api/blog/1?_t=1'],
    ['POST', '/api/blog'],
    ['PUT', '/api/blog/1'],
    ['DELETE', '/api/blog/1'],
    ['GET', '/api/tags'],
    ['POST', '/api/tags'],
    ['DELETE', '/api/tags/1'],
    ['GET', '/api/admin/applications'],
  ])('%s %s answers 401 with an error', async (method, path) => {
    const anonymous = adminClient(t)
    const res = await anonymous.request(method, path, method === 'POST' || method === 'PUT' ? draft() : undefined)
    expect(res.status).toBe(401)
    expect(typeof (await res.json()).error).toBe('string')
  })
})

describe('posts', () => {
  test('the summary lists every post, drafts included, newest first, with the list fields', async () => {
    await admin.request('POST', '/api/blog', draft())
    const res = await admin.request('GET', '/api/blog/admin-summary?_nocache')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const list = (await res.json()) as PostSummary[]
    expect(list.length).toBe(13)
    expect(list[0]!.title).toBe('Plaza Update: Fountain Races')
    expect(list[0]!.status).toBe('draft')
    for (const key of [
      'id',
      'title',
      'slug',
      'excerpt',
      'featuredImage',
      'featured',
      'status',
      'publishedAt',
      'createdAt',
    ])
      expect(list[0]).toHaveProperty(key)
  })

  test('create answers 201 with the post; the slug comes from the title; content is sanitized', async () => {
    const tag = await admin.json<TagRef>('POST', '/api/tags', { name: 'Races', slug: 'races' })
    const res = await admin.request(
      'POST',
      '/api/blog',
      draft({ tags: [tag.id], content: '<p>Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' }),
    )
    expect(res.status).toBe(201)
    const post = (await res.json()) as PostDetail
    expect(post.slug).toBe('plaza-update-fountain-races')
    expect(post.content).toBe('<p>Hi<img src="x" alt="" /></p>')
    expect(post.tags).toEqual([tag])
    expect(post.createdAt).toBe(new Date(now).toISOString())
    const read = await admin.json<AdminPostDetail>('GET', `/api/blog/${post.id}?_t=${now}`)
    expect(read).toEqual({
      ...post,
      draftLinkUrl: expect.stringMatching(/^http:\/\/localhost\/blog\/preview\/[0-9a-f]{48}$/),
      emailSubscribers: false,
      newsletter: null,
    })
  })

  test.each([
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ content: '' }, 'Content is required'],
    [{ content: '<p><br></p>' }, 'Content is required'],
    [{ status: 'archived' }, 'Status must be draft or published'],
    [{ tags: ['a'] }, 'Tags must be numbers'],
    [{ tags: [999] }, 'Unknown tag id: 999'],
    [
      { publishedAt: '20/05/2030' },
      'Publication date must be a date (yyyy-MM-dd) or a date and time (yyyy-MM-ddTHH:mm)',
    ],
    [
      { publishedAt: '2030-02-31' },
      'Publication date must be a date (yyyy-MM-dd) or a date and time (yyyy-MM-ddTHH:mm)',
    ],
    [
      { publishedAt: '2030-05-20T10:00+99:99' },
      'Publication date must be a date (yyyy-MM-dd) or a date and time (yyyy-MM-ddTHH:mm)',
    ],
    [
      { publishedAt: '2030-05-20T24:30' },
      'Publication date must be a date (yyyy-MM-dd) or a date and time (yyyy-MM-ddTHH:mm)',
    ],
    [{ featuredImage: 'javascript:alert(1)' }, 'Featured image URL must be an http(s) address or a path on this site'],
    [{ featured: 'yes' }, 'Featured has the wrong type'],
    [{ title: 42 }, 'Title has the wrong type'],
    [{ color: 'red' }, 'Unknown field: color'],
  ])('%o is refused: %s', async (change, message) => {
    await expectError(await admin.request('POST', '/api/blog', draft(change)), 400, message)
  })

  test('missing title or content fields use the same messages', async () => {
    const { title: _title, ...noTitle } = draft()
    await expectError(await admin.request('POST', '/api/blog', noTitle), 400, 'Title is required')
    const { content: _content, ...noContent } = draft()
    await expectError(await admin.request('POST', '/api/blog', noContent), 400, 'Content is required')
  })

  test('bad JSON, another content type and an oversize body', async () => {
    await expectError(await admin.request('POST', '/api/blog', '{"title":'), 400, 'The request body is not valid JSON')
    await expectError(
      await admin.request('POST', '/api/blog', 'title=x', { 'content-type': 'text/plain' }),
      415,
      /JSON/,
    )
    // Past the largest upload in base64 plus text (POST_BODY_LIMIT_BYTES).
    const huge = draft({ content: `<p><img src="data:image/png;base64,${'A'.repeat(30_000_000)}"></p>` })
    await expectError(await admin.request('POST', '/api/blog', huge), 413, 'The request body is too large')
  })

  test('a duplicate slug answers 409, on create and on update', async () => {
    await expectError(
      await admin.request('POST', '/api/blog', draft({ slug: 'golf-cart-gamepass' })),
      409,
      'A post with the slug "golf-cart-gamepass" already exists',
    )
    const post = await admin.json<PostDetail>('POST', '/api/blog', draft())
    await expectError(
      await admin.request('PUT', `/api/blog/${post.id}`, draft({ slug: 'crane-booth-update' })),
      409,
      'A post with the slug "crane-booth-update" already exists',
    )
  })

  test('update changes updatedAt but never createdAt; unknown ids are 404', async () => {
    const post = await admin.json<PostDetail>('POST', '/api/blog', draft())
    now += 60_000
    const res = await admin.request(
      'PUT',
      `/api/blog/${post.id}`,
      draft({ title: 'Fountain Races Are Back', slug: post.slug }),
    )
    expect(res.status).toBe(200)
    const updated = (await res.json()) as PostDetail
    expect(updated.title).toBe('Fountain Races Are Back')
    expect(updated.createdAt).toBe(post.createdAt)
    expect(updated.updatedAt).toBe(new Date(now).toISOString())
    await expectError(await admin.request('PUT', '/api/blog/9999', draft()), 404, 'Post not found')
    await expectError(await admin.request('GET', '/api/blog/9999'), 404, 'Post not found')
    await expectError(await admin.request('DELETE', '/api/blog/9999'), 404, 'Post not found')
    expect((await admin.request('GET', '/api/blog/abc')).status).toBe(400)
  })

  test('a write from another site is refused', async () => {
    expect((await admin.request('POST', '/api/blog', draft(), { origin: 'https://evil.example' })).status).toBe(403)
    expect((await admin.request('DELETE', '/api/blog/1', undefined, { origin: 'null' })).status).toBe(403)
  })
})

describe('the public site follows at once', () => {
  const publicState = async (slug: string) => ({
    page: (await t.request(`/blog/${slug}`)).status,
    inList: (await (await t.request('/blog')).text()).includes(`/blog/${slug}"`),
    inSearch: (await (await t.request('/api/blog/search?q=fountain%20rapids')).text()).includes(slug),
    inRss: (await (await t.request('/rss.xml')).text()).includes(`/blog/${slug}<`),
    inSitemap: (await (await t.request('/sitemap.xml')).text()).includes(`/blog/${slug}<`),
  })
  const hidden = { page: 404, inList: false, inSearch: false, inRss: false, inSitemap: false }
  const visible = { page: 200, inList: true, inSearch: true, inRss: true, inSitemap: true }

  test('create as draft, publish, unpublish, republish and delete', async () => {
    const post = await admin.json<PostDetail>('POST', '/api/blog', draft())
    expect(await publicState(post.slug)).toEqual(hidden)

    await admin.request('PUT', `/api/blog/${post.id}`, draft({ status: 'published', slug: post.slug }))
    expect(await publicState(post.slug)).toEqual(visible)
    const html = await (await t.request(`/blog/${post.slug}`)).text()
    expect(html).toContain('<title>Plaza Update: Fountain Races | Blog</title>')

    await admin.request('PUT', `/api/blog/${post.id}`, draft({ status: 'draft', slug: post.slug }))
    expect(await publicState(post.slug)).toEqual(hidden)

    await admin.request('PUT', `/api/blog/${post.id}`, draft({ status: 'published', slug: post.slug }))
    expect((await admin.request('DELETE', `/api/blog/${post.id}`)).status).toBe(200)
    expect(await publicState(post.slug)).toEqual(hidden)
  })
})

describe('applications inbox', () => {
  test('lists stored applications newest first, stamped with the time they arrived', async () => {
    const submit = (fullName: string) =>
      t.request('/api/job-applications', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        body: JSON.stringify({ jobId: 1, fullName, email: 'a@example.com', coverLetter: 'c', resumeText: 'r' }),
      })
    const arrivedFirst = now
    expect((await submit('Late to the database')).status).toBe(201)
    // Stored second but sent earlier (a slow request): the arrival time orders the inbox, not the row id.
    now -= 60_000
    expect((await submit('Early sender')).status).toBe(201)
    const list = await admin.json<{ fullName: string; jobTitle: string; createdAt: string }[]>(
      'GET',
      '/api/admin/applications',
    )
    expect(list.map((a) => [a.fullName, a.createdAt])).toEqual([
      ['Late to the database', new Date(arrivedFirst).toISOString()],
      ['Early sender', new Date(now).toISOString()],
    ])
    expect(list[0]!.jobTitle).toBe(jobs.find((job) => job.id === 1)!.title)
  })
})

test('two saves racing for one slug: one 201, the other 409, never a 500', async () => {
  const results = await Promise.all(
    Array.from({ length: 6 }, () =>
      admin.request('POST', '/api/blog', draft({ title: 'Race Condition', slug: 'race-condition' })),
    ),
  )
  const statuses = results.map((r) => r.status).sort()
  expect(statuses.filter((s) => s === 201).length).toBe(1)
  expect(statuses.filter((s) => s === 409).length).toBe(5)
  const tagResults = await Promise.all(
    Array.from({ length: 4 }, () => admin.request('POST', '/api/tags', { name: 'Racing', slug: 'racing' })),
  )
  expect(tagResults.map((r) => r.status).sort()).toEqual([201, 409, 409, 409])
})

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { PostDetail } from '../../../shared/blog'
import { posts, tags } from '../../db/schema'

let t: TestApp
let admin: ReturnType<typeof adminClient>
let existing: PostDetail
beforeAll(async () => {
  t = await createTestApp()
  admin = adminClient(t)
  await admin.login()
  existing = await admin.json<PostDetail>('POST', '/api/blog', {
    title: 'Existing',
    content: '<p>Kept</p>',
    status: 'draft',
  })
})
afterAll(() => t.close())

let n = 0
const draft = (over: Record<string, unknown> = {}) => ({
  title: `Validation ${++n}`,
  content: '<p>Ride the fountain rapids.</p>',
  status: 'draft',
  ...over,
})

async function expectRefused(res: Response, error: string) {
  expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { error } })
}

const IMAGE_RULE = 'Featured image URL must be an http(s) address or a path on this site'

describe('posts refuse what they cannot store as given', () => {
  test.each([
    // The emptiness check ran before sanitizing: these were stored as posts with no content.
    [{ content: '<script>x</script>' }, 'Content is required'],
    [{ content: '<style>p{}</style><p><br></p>' }, 'Content is required'],
    [{ content: '<p><img src="javascript:alert(1)"></p>' }, 'Content is required'],
    [{ content: '<iframe src="https://evil.example/player"></iframe>' }, 'Content is required'],
    [{ content: '<p>\u200b&nbsp;</p>' }, 'Content is required'],
    // Browsers resolve these against another host (og:image pointed at it).
    [{ featuredImage: '//evil.example/a.jpg' }, IMAGE_RULE],
    [{ featuredImage: '/\\evil.example/a.jpg' }, IMAGE_RULE],
    // A NUL cut the stored title short; control characters are refused in every text field.
    [{ title: 'Fountain\u0000 Races' }, 'Title must not contain control characters'],
    [{ title: 'Fountain\tRaces' }, 'Title must not contain control characters'],
    [{ slug: 'fountain-\u0007races' }, 'Slug must not contain control characters'],
    [{ excerpt: 'Ride\u0000' }, 'Excerpt must not contain control characters'],
    [{ content: '<p>Ride\u001b[31m</p>' }, 'Content must not contain control characters'],
    [{ content: '<p>Ride\u0085</p>' }, 'Content must not contain control characters'],
    [{ featuredImage: '/blog/a\u0000.webp' }, 'Featured image URL must not contain control characters'],
    [
      { publishedAt: '2030-02-31' },
      'Publication date must be a date (yyyy-MM-dd) or a date and time (yyyy-MM-ddTHH:mm)',
    ],
  ])('%o: %s', async (change, error) => {
    await expectRefused(await admin.request('POST', '/api/blog', draft(change)), error)
    await expectRefused(await admin.request('PUT', `/api/blog/${existing.id}`, draft(change)), error)
  })

  test('nothing refused was stored', async () => {
    expect(await t.db.select({ title: posts.title, content: posts.content }).from(posts)).toEqual([
      { title: 'Existing', content: '<p>Kept</p>' },
    ])
  })

  test('line breaks and tabs stay allowed where text runs over lines; site paths and http(s) images pass', async () => {
    for (const featuredImage of [
      '/blog/a.webp',
      'https://cdn.example.com/a.jpg',
      'http://cdn.example.com:8080/a',
      '',
    ]) {
      const res = await admin.request(
        'POST',
        '/api/blog',
        draft({ excerpt: 'Line one\r\nLine\ttwo', content: '<p>Ride\n\tthe rapids</p>', featuredImage }),
      )
      expect(res.status).toBe(201)
      const post = (await res.json()) as PostDetail
      // The excerpt is stored as plain text (whitespace collapsed), as before.
      expect(post.excerpt).toBe('Line one Line two')
      expect(post.featuredImage).toBe(featuredImage || null)
    }
  })

  test('a post with a picture or a player and no words is not empty', async () => {
    for (const content of [
      '<p><img src="/blog/a.webp" alt="A plaza"></p>',
      '<iframe class="ql-video" src="https://www.youtube.com/embed/abc"></iframe>',
    ])
      expect((await admin.request('POST', '/api/blog', draft({ content }))).status).toBe(201)
  })
})

describe('tags', () => {
  test.each([
    [{ name: 'Golf\u0000' }, 'Tag name must not contain control characters'],
    [{ name: 'Golf', slug: 'golf\n' }, 'Tag slug must not contain control characters'],
    [{ name: 'Golf', color: 'green' }, 'Unknown field: color'],
  ])('%o: %s', async (body, error) => {
    await expectRefused(await admin.request('POST', '/api/tags', body), error)
    expect(await t.db.select().from(tags)).toEqual([])
  })
})

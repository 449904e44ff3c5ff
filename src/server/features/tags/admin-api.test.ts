import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { PostDetail, TagRef } from '../../../shared/blog'

let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeEach(async () => {
  t = await createTestApp({ now: Date.UTC(2030, 4, 20, 15), seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterEach(() => t.close())

const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Plaza Update: Fountain Races',
  content: '<h2>Races</h2><p>Ride the fountain rapids.</p>',
  status: 'draft',
  publishedAt: '2030-05-20',
  ...over,
})

async function expectError(res: Response, status: number, error: string) {
  expect(res.status).toBe(status)
  expect(await res.json()).toEqual({ error })
}

describe('tags', () => {
  test('list, create, refuse blanks and duplicates, delete from posts too', async () => {
    const initial = await admin.json<TagRef[]>('GET', '/api/tags')
    expect(initial.map((tag) => tag.name)).toContain('Updates')
    const res = await admin.request('POST', '/api/tags', { name: '  Live Events  ', slug: 'live-events' })
    expect(res.status).toBe(201)
    const tag = (await res.json()) as TagRef
    expect(tag).toMatchObject({ name: 'Live Events', slug: 'live-events' })
    await expectError(
      await admin.request('POST', '/api/tags', { name: '   ', slug: '' }),
      400,
      'Tag name cannot be empty',
    )
    await expectError(
      await admin.request('POST', '/api/tags', { name: 'Live events!' }),
      409,
      'A tag with the slug "live-events" already exists',
    )
    // Any script: a name without a Latin spelling gets tag-{id}, as a post's title gets post-{id}.
    const japanese = await admin.json<TagRef>('POST', '/api/tags', { name: 'イベント情報', slug: '' })
    expect(japanese).toEqual({ id: japanese.id, name: 'イベント情報', slug: `tag-${japanese.id}` })
    const hebrew = await admin.json<TagRef>('POST', '/api/tags', { name: 'עדכון 2.0' })
    expect(hebrew.slug).toBe(`tag-${hebrew.id}`)
    // Its name is what tells it apart: the same name again is refused.
    await expectError(
      await admin.request('POST', '/api/tags', { name: 'イベント情報' }),
      409,
      `A tag with the slug "tag-${japanese.id}" already exists`,
    )
    await expectError(
      await admin.request('POST', '/api/tags', { name: '!?!' }),
      400,
      'Tag name must contain letters or digits',
    )

    const post = await admin.json<PostDetail>('POST', '/api/blog', draft({ tags: [tag.id] }))
    expect(post.tags.map((x) => x.id)).toEqual([tag.id])
    expect(await (await admin.request('DELETE', `/api/tags/${tag.id}`)).json()).toEqual({ ok: true })
    expect((await admin.json<PostDetail>('GET', `/api/blog/${post.id}`)).tags).toEqual([])
    await expectError(await admin.request('DELETE', `/api/tags/${tag.id}`), 404, 'Tag not found')
  })
})

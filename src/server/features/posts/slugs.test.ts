import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { PostDetail } from '../../../shared/blog'

let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ now: Date.UTC(2030, 6, 1, 10), seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

const create = (title: string, over: Record<string, unknown> = {}) =>
  admin.json<PostDetail>('POST', '/api/blog', { title, content: '<p>Words.</p>', status: 'published', ...over })
const rename = (post: PostDetail, slug: string) =>
  admin.json<PostDetail>('PUT', `/api/blog/${post.id}`, {
    title: post.title,
    slug,
    content: post.content,
    status: post.status,
  })

test('titles with accents and other Latin letters keep their letters in the slug', async () => {
  expect((await create('Café Plaza')).slug).toBe('cafe-plaza')
  expect((await create('Pokémon Week')).slug).toBe('pokemon-week')
  expect((await create('Straße der Spiele')).slug).toBe('strasse-der-spiele')
  expect((await create('Patch 4.2 Notes')).slug).toBe('patch-4-2-notes')
})

test('a title that leaves no slug (Japanese, emoji) saves with a readable one', async () => {
  const post = await create('夏祭りのお知らせ')
  expect(post.slug).toBe(`post-${post.id}`)
  expect((await t.request(`/blog/post-${post.id}`)).status).toBe(200)
  const emoji = await create('🎉🎉🎉', { status: 'draft' })
  expect(emoji.slug).toBe(`post-${emoji.id}`)
  const punctuation = await create('???', { slug: '!!!', status: 'draft' })
  expect(punctuation.slug).toBe(`post-${punctuation.id}`)
})

test('a title with no letter of Latin spelling gets post-{id} whatever digits it holds', async () => {
  const hebrew = await create('גרסה 2.0 יצאה')
  expect(hebrew.slug).toBe(`post-${hebrew.id}`)
  const chinese = await create('版本 4.2 发布', { status: 'draft' })
  expect(chinese.slug).toBe(`post-${chinese.id}`)
  const digits = await create('2031', { status: 'draft' })
  expect(digits.slug).toBe(`post-${digits.id}`)
  // A slug typed by hand is the writer's, digits and all.
  expect((await create('גרסה 3.0', { slug: '3-0', status: 'draft' })).slug).toBe('3-0')
})

test('renaming a published post twice leaves both old addresses redirecting to the current one', async () => {
  const post = await create('Harbour Lights')
  const second = await rename(post, 'harbour-lights-festival')
  const third = await rename(second, 'harbour-lights-2030')
  for (const old of ['harbour-lights', 'harbour-lights-festival']) {
    // Moved for good, as search engines are told, but kept by no browser: the address can change owner.
    const page = await t.request(`/blog/${old}`)
    expect([old, page.status, page.headers.get('location'), page.headers.get('cache-control')]).toEqual([
      old,
      301,
      '/blog/harbour-lights-2030',
      'no-store',
    ])
    const api = await t.request(`/api/blog/slug/${old}`)
    expect([api.status, api.headers.get('location'), api.headers.get('cache-control')]).toEqual([
      301,
      '/api/blog/slug/harbour-lights-2030',
      'no-store',
    ])
  }
  expect((await t.request('/blog/harbour-lights-2030')).status).toBe(200)
  expect((await t.request('/sitemap.xml').then((res) => res.text())).includes('/blog/harbour-lights<')).toBe(false)

  // Going back to an old name makes it the post's own address again, not a redirect to itself.
  await rename(third, 'harbour-lights')
  expect((await t.request('/blog/harbour-lights')).status).toBe(200)
  expect((await t.request('/blog/harbour-lights-2030')).headers.get('location')).toBe('/blog/harbour-lights')
})

test('the readable fallback steps aside when another post already has that address', async () => {
  const placeholder = await create('Placeholder', { status: 'draft' })
  const next = placeholder.id + 2
  await create(`Post ${next}`)
  const japanese = await create('夏祭りのお知らせ')
  expect([japanese.id, japanese.slug]).toEqual([next, `post-${next}-2`])
})

test('a scheduled post that changes its slug leaves no redirect: its address was never public', async () => {
  const post = await create('Quiet Launch', { publishedAt: '2031-01-01T10:00' })
  await rename(post, 'quiet-launch-2031')
  expect((await t.request('/blog/quiet-launch')).status).toBe(404)
  expect((await create('Quiet Launch', { status: 'draft' })).slug).toBe('quiet-launch')
})

test('a draft that changes its slug leaves no redirect behind', async () => {
  const draft = await create('Quiet Draft', { status: 'draft' })
  await rename(draft, 'quiet-draft-renamed')
  expect((await t.request('/blog/quiet-draft')).status).toBe(404)
})

test('a new post takes the old address of another post only when the administrator confirms it', async () => {
  const post = await create('Moon Festival')
  await rename(post, 'moon-festival-2030')
  const refused = await admin.request('POST', '/api/blog', {
    title: 'Moon Festival',
    content: '<p>A different post.</p>',
    status: 'published',
  })
  expect(refused.status).toBe(409)
  expect(await refused.json()).toEqual({
    error:
      'The address /blog/moon-festival still leads to the post "Moon Festival". Save again to give it to this post instead.',
    code: 'slug-redirects',
  })
  const taken = await create('Moon Festival', { content: '<p>A different post.</p>', takeRedirectedSlug: true })
  expect(taken.slug).toBe('moon-festival')
  const page = await t.request('/blog/moon-festival')
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('A different post.')
})

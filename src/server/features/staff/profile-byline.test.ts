import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { AuthorPage, PostDetail } from '../../../shared/blog'
import { STAFF_MESSAGES } from '../../../shared/staff'

let t: TestApp
let owner: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ seed: true })
  owner = adminClient(t)
  await owner.login()
})
afterAll(() => t.close())

test('a new name and bio show on the byline and the author page at once', async () => {
  const author = await joinStaff(t, owner, 'author', { email: 'mo@studio.test', name: 'Mo' })
  await author.request('POST', '/api/blog', { title: 'Mo writes', content: '<p>A</p>', status: 'published' })
  expect(await (await t.request('/blog/author/mo')).text()).toContain('<h1 class="blog__title">Mo</h1>')
  const saved = await author.request('PATCH', '/api/admin/profile', { name: 'Mo Rivera', bio: 'Writes about levels.' })
  expect(await saved.json()).toEqual({
    name: 'Mo Rivera',
    email: 'mo@studio.test',
    slug: 'mo',
    bio: 'Writes about levels.',
  })
  const page = (await (await t.request('/api/blog/author/mo')).json()) as AuthorPage
  expect(page.author).toMatchObject({ name: 'Mo Rivera', bio: 'Writes about levels.' })
  const html = await (await t.request('/blog/mo-writes')).text()
  expect(html).toContain('>Mo Rivera</a>')
  expect((await author.request('PATCH', '/api/admin/profile', { name: '  ' })).status).toBe(400)
})

test('editors give a post to another author; an author cannot, and nobody can name a stranger or a recruiter', async () => {
  const editor = await joinStaff(t, owner, 'editor', { email: 'ed@studio.test', name: 'Ed Itor' })
  const writer = await joinStaff(t, owner, 'author', { email: 'wr@studio.test', name: 'Wren Writer' })
  const recruiter = await joinStaff(t, owner, 'recruiter', { email: 're@studio.test', name: 'Rex' })
  const authors = await editor.json<{ id: number; name: string }[]>('GET', '/api/admin/authors')
  expect(authors.map((a) => a.name)).toContain('Wren Writer')
  expect(authors.map((a) => a.name)).not.toContain('Rex')
  expect((await writer.request('GET', '/api/admin/authors')).status).toBe(403)

  const input = { title: 'Ghost written', content: '<p>B</p>', status: 'published' }
  const created = await editor.json<PostDetail>('POST', '/api/blog', { ...input, authorId: writer.id })
  expect(created.author).toMatchObject({ name: 'Wren Writer' })
  const taken = await writer.request('PUT', `/api/blog/${created.id}`, { ...input, authorId: editor.id })
  expect(await taken.json()).toEqual({ error: STAFF_MESSAGES.bylineEditorsOnly })
  const stranger = await editor.request('PUT', `/api/blog/${created.id}`, { ...input, authorId: recruiter.id })
  expect(stranger.status).toBe(400)
  expect(await stranger.json()).toEqual({ error: STAFF_MESSAGES.authorUnknown })
  // Saving without naming an author keeps the byline.
  const kept = await editor.json<PostDetail>('PUT', `/api/blog/${created.id}`, input)
  expect(kept.authorId).toBe(writer.id)
})

test('a post whose author was suspended or removed still saves with its byline unchanged', async () => {
  const editor = await joinStaff(t, owner, 'editor', { email: 'ed2@studio.test', name: 'Ed Two' })
  const leaver = await joinStaff(t, owner, 'author', { email: 'leaver@studio.test', name: 'Lea Ver' })
  const post = await leaver.json<PostDetail>('POST', '/api/blog', {
    title: 'Left behind',
    content: '<p>A</p>',
    status: 'published',
  })
  expect((await owner.request('PATCH', `/api/admin/staff/${leaver.id}`, { state: 'suspended' })).status).toBe(200)
  const input = { title: 'Left behind, edited', content: '<p>A</p>', status: 'published', authorId: leaver.id }
  const saved = await editor.request('PUT', `/api/blog/${post.id}`, input)
  expect(saved.status).toBe(200)
  expect(((await saved.json()) as PostDetail).author).toMatchObject({ name: 'Lea Ver' })
})

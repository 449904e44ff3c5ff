import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { AdminPostDetail, PostDetail } from '../../../shared/blog'

const NOW = Date.UTC(2030, 6, 1, 10)
let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ now: NOW, seed: true })
  admin = adminClient(t)
  await admin.login()
})
afterAll(() => t.close())

const create = (title: string, over: Record<string, unknown> = {}) =>
  admin.json<PostDetail>('POST', '/api/blog', { title, content: `<p>${title} body.</p>`, status: 'draft', ...over })
/** The post as its editor reads it: the owner may change every post, so its draft link is always there. */
const read = async (id: number) => {
  const post = await admin.json<AdminPostDetail>('GET', `/api/blog/${id}`)
  return { ...post, draftLinkUrl: post.draftLinkUrl! }
}
const pathOf = (url: string) => new URL(url).pathname

async function expectDraftLinkPage(url: string, text: string) {
  const page = await t.request(pathOf(url))
  const html = await page.text()
  expect(page.status).toBe(200)
  expect(page.headers.get('cache-control')).toBe('private, no-store')
  expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  expect(page.headers.get('referrer-policy')).toBe('no-referrer')
  expect(html).toContain('<meta name="robots" content="noindex"/>')
  expect(html).toContain('Preview, not published')
  expect(html).toContain(text)
  return html
}

test('a draft has a draft link that shows it, marked and kept out of search engines and caches', async () => {
  const draft = await create('Secret Partner Deal')
  const { draftLinkUrl } = await read(draft.id)
  expect(draftLinkUrl).toMatch(/^http:\/\/localhost\/blog\/preview\/[0-9a-f]{48}$/)
  await expectDraftLinkPage(draftLinkUrl, 'Secret Partner Deal body.')

  const api = await t.request(`/api/blog/draft-links/${pathOf(draftLinkUrl).split('/').pop()}`)
  expect([api.status, api.headers.get('cache-control'), api.headers.get('x-robots-tag')]).toEqual([
    200,
    'private, no-store',
    'noindex, nofollow',
  ])
  expect(((await api.json()) as PostDetail).title).toBe('Secret Partner Deal')

  expect((await t.request('/blog/secret-partner-deal')).status).toBe(404)
  for (const surface of ['/sitemap.xml', '/rss.xml', '/api/blog?limit=50', '/blog']) {
    expect([surface, (await (await t.request(surface)).text()).includes('/blog/preview/')]).toEqual([surface, false])
  }
})

test('a scheduled post shows by its draft link before its time', async () => {
  const post = await create('Autumn Reveal', { status: 'published', publishedAt: '2030-08-01T12:00' })
  const { draftLinkUrl } = await read(post.id)
  expect(await expectDraftLinkPage(draftLinkUrl, 'Autumn Reveal body.')).toContain('Scheduled to go live')
})

test('edits to a draft show by its draft link at once: the page cache never keeps a draft link page', async () => {
  const draft = await create('Winter Teaser')
  const { draftLinkUrl } = await read(draft.id)
  await expectDraftLinkPage(draftLinkUrl, 'Winter Teaser body.')
  await admin.json('PUT', `/api/blog/${draft.id}`, {
    title: 'Winter Teaser',
    content: '<p>Second wording.</p>',
    status: 'draft',
  })
  await expectDraftLinkPage(draftLinkUrl, 'Second wording.')
  expect((await t.request(pathOf(draftLinkUrl))).headers.get('etag')).toBeNull()
})

test('regenerating the link kills the old one; only the administrator can regenerate', async () => {
  const draft = await create('Rotating Link')
  const before = (await read(draft.id)).draftLinkUrl
  const { draftLinkUrl: after } = await admin.json<{ draftLinkUrl: string }>('POST', `/api/blog/${draft.id}/draft-link`)
  expect(after).not.toBe(before)
  expect((await read(draft.id)).draftLinkUrl).toBe(after)
  const dead = await t.request(pathOf(before))
  expect([dead.status, dead.headers.get('cache-control'), dead.headers.get('x-robots-tag')]).toEqual([
    404,
    'private, no-store',
    'noindex, nofollow',
  ])
  expect(await dead.text()).toContain('Preview Not Found')
  expect((await t.request(`/api/blog/draft-links/${pathOf(before).split('/').pop()}`)).status).toBe(404)
  await expectDraftLinkPage(after, 'Rotating Link body.')

  expect((await adminClient(t).request('POST', `/api/blog/${draft.id}/draft-link`)).status).toBe(401)
  expect((await admin.request('POST', '/api/blog/999999/draft-link')).status).toBe(404)
})

test('guessing does not work: malformed and unknown tokens are 404', async () => {
  for (const token of ['x', '0'.repeat(48), `${'a'.repeat(47)}G`, "' OR 1=1 --"]) {
    expect([token, (await t.request(`/blog/preview/${encodeURIComponent(token)}`)).status]).toEqual([token, 404])
  }
})

test('another spelling of the address is still a draft link: never cached, dead after regenerating, not logged', async () => {
  const draft = await create('Spelling Test')
  const { draftLinkUrl } = await read(draft.id)
  const token = pathOf(draftLinkUrl).split('/').pop()!
  const encoded = `/blog/%70review/${token}`
  const first = await t.request(encoded)
  expect([first.status, first.headers.get('cache-control'), first.headers.get('etag')]).toEqual([
    200,
    'private, no-store',
    null,
  ])
  await admin.json('POST', `/api/blog/${draft.id}/draft-link`)
  expect((await t.request(encoded)).status).toBe(404)
  // Requests are logged after their answer is sent: wait until the draft link's requests are in.
  for (let waited = 0; waited < 2000 && !JSON.stringify(t.logs).includes('/blog/preview/[token]'); waited += 20)
    await Bun.sleep(20)
  expect(JSON.stringify(t.logs)).toContain('/blog/preview/[token]')
  expect(JSON.stringify(t.logs)).not.toContain(token)
})

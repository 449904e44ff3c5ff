import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../tests/support/admin-client'
import { retitled } from '../../../tests/support/post-edit'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../tests/support/test-app'
import { createApp } from '../app'
import { loadAdminPassword } from '../auth/password'
import { type Database, openDatabase } from '../db/client'
import { loadAssetManifest } from './assets'

let now = Date.UTC(2030, 6, 1, 12)
let t: TestApp
let otherDb: Database
let other: ReturnType<typeof createApp>
const otherLogs: { message: string; fields?: Record<string, unknown> }[] = []
beforeAll(async () => {
  t = await createTestApp({ now: () => now, seed: true })
  otherDb = await openDatabase({ url: t.databaseUrl })
  const note = (message: string, fields?: Record<string, unknown>) => otherLogs.push({ message, fields })
  other = createApp({
    config: { NODE_ENV: 'test', LOG_REQUESTS: 'all', SITE_URL: undefined },
    db: otherDb,
    adminPassword: await loadAdminPassword(t.db, TEST_ADMIN_PASSWORD, () => {}),
    assets: loadAssetManifest(),
    logger: { debug: note, info: note, warn: note, error: note },
    clock: () => now,
  })
})
afterAll(() => {
  otherDb?.$client.close()
  t?.close()
})

type Logs = { message: string; fields?: Record<string, unknown> }[]
/** The page cache's outcome for a request, as the request log gives it. */
async function outcome(site: { fetch: (r: Request) => Response | Promise<Response> }, logs: Logs, path: string) {
  const res = await site.fetch(new Request(`http://localhost${path}`))
  expect([path, res.status]).toEqual([path, 200])
  await res.arrayBuffer()
  const id = res.headers.get('x-request-id')
  const line = () => logs.find((entry) => entry.message === 'request' && entry.fields?.requestId === id)
  for (let waited = 0; !line() && waited < 1000; waited += 5) await Bun.sleep(5)
  return line()?.fields?.cache
}
const here = (path: string) => outcome(t, t.logs, path)
const there = (path: string) => outcome(other, otherLogs, path)
const keysOf = async (path: string) => (await t.request(path)).headers.get('surrogate-key')?.split(' ') ?? []

interface Summary {
  id: number
  slug: string
  title: string
  status: string
}

/** A published post, and another whose page does not show it (not among its related posts). */
async function twoPosts() {
  const admin = adminClient(t)
  await admin.login()
  const list = await admin.json<Summary[]>('GET', '/api/blog/admin-summary')
  const published = list.filter((post) => post.status === 'published')
  const edited = published[0]!
  for (const post of published.slice(1))
    if (!(await keysOf(`/blog/${post.slug}`)).includes(`post-${edited.id}`)) return { admin, edited, unrelated: post }
  throw new Error('every post page shows the first post')
}

async function retitle(admin: ReturnType<typeof adminClient>, post: Summary, title: string) {
  const full = await admin.json<Record<string, unknown>>('GET', `/api/blog/${post.id}`)
  const res = await admin.request('PUT', `/api/blog/${post.id}`, retitled(full, title))
  expect(await res.text()).toContain(title)
}

test('a page names what it shows in Surrogate-Key and Cache-Tag: the post, its author and tags, and the site', async () => {
  const { edited } = await twoPosts()
  const res = await t.request(`/blog/${edited.slug}`)
  const keys = res.headers.get('surrogate-key')!.split(' ')
  expect(keys).toContain(`post-${edited.id}`)
  expect(keys).toContain('site')
  expect(keys.some((key) => key.startsWith('author-'))).toBe(true)
  expect(res.headers.get('cache-tag')).toBe(keys.join(','))
  expect(await keysOf('/jobs')).toContain('jobs')
  expect(await keysOf('/blog')).toContain('posts')
})

test("an edit to one post's title leaves other pages cached, here and in another process", async () => {
  const { admin, edited, unrelated } = await twoPosts()
  const pages = [`/blog/${edited.slug}`, `/blog/${unrelated.slug}`, '/jobs', '/rdc25', '/blog']
  for (const path of pages) {
    await here(path)
    await there(path)
  }
  for (const path of pages) expect([path, await here(path)]).toEqual([path, 'hit'])

  await retitle(admin, edited, 'A Title Only This Post Changed')
  expect(await here(`/blog/${edited.slug}`)).toBe('miss')
  // The first page of the blog lists it.
  expect(await here('/blog')).toBe('miss')
  for (const path of [`/blog/${unrelated.slug}`, '/jobs', '/rdc25'])
    expect([path, await here(path)]).toEqual([path, 'hit'])

  // The other process reads the change's keys within a second, and drops only what shows the post.
  now += 1100
  expect(await there(`/blog/${edited.slug}`)).toBe('miss')
  for (const path of [`/blog/${unrelated.slug}`, '/jobs', '/rdc25'])
    expect([path, await there(path)]).toEqual([path, 'hit'])
  const text = await (await other.fetch(new Request(`http://localhost/blog/${edited.slug}`))).text()
  expect(text).toContain('A Title Only This Post Changed')
})

test('publishing a post makes every list and post page again (related posts), not the jobs or the event', async () => {
  const { admin, unrelated } = await twoPosts()
  for (const path of [`/blog/${unrelated.slug}`, '/jobs', '/rdc25', '/blog']) await here(path)
  const res = await admin.request('POST', '/api/blog', {
    title: 'Fresh From the Studio',
    content: '<p>Something new.</p>',
    status: 'published',
  })
  expect(res.status).toBe(201)
  expect(await here('/blog')).toBe('miss')
  expect(await here(`/blog/${unrelated.slug}`)).toBe('miss')
  expect(await here('/jobs')).toBe('hit')
  expect(await here('/rdc25')).toBe('hit')
})

test('a content version written without keys (an older release during an upgrade) makes every page again', async () => {
  for (const path of ['/jobs', '/rdc25']) await there(path)
  expect(await there('/jobs')).toBe('hit')
  await t.db.$client.execute(
    "UPDATE app_settings SET value = 'written-by-an-older-release' WHERE key = 'content_version'",
  )
  now += 1100
  expect(await there('/jobs')).toBe('miss')
  expect(await there('/rdc25')).toBe('miss')
})

import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { openDatabase } from '../../src/server/db/client'
import { appSettings, posts } from '../../src/server/db/schema'
import { type SqldServer, startSqld } from '../support/sqld'
import { closeOpenPages, openPage, sharedBrowser, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

const PASSWORD = 'outage-admin-password'
/** The app's DATABASE_TIMEOUT_MS: how long a frozen server holds a request. */
const TIMEOUT_MS = 3000
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

let sqld: SqldServer
let app: RunningServer
let browser: Browser
let cookie = ''
/** Launch posts: the first has its page cached before the outage, the others have not. */
let cached: { slug: string }
let uncached: { slug: string }
let frozenUncached: { slug: string }
/** Cached before the outage, then deleted just before it: a takedown holds through the outage. */
let takenDown: { slug: string }

const get = (path: string, headers: Record<string, string> = BROWSER) => fetch(`${app.url}${path}`, { headers })

beforeAll(async () => {
  sqld = await startSqld()
  ;[app, browser] = await Promise.all([
    startServer({
      DATABASE_URL: sqld.url,
      DATABASE_AUTH_TOKEN: sqld.authToken,
      ADMIN_PASSWORD: PASSWORD,
      LOG_REQUESTS: 'all',
      DATABASE_TIMEOUT_MS: String(TIMEOUT_MS),
    }),
    sharedBrowser(),
  ])
  const login = await fetch(`${app.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ password: PASSWORD }),
  })
  expect(login.status).toBe(200)
  cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const list = (await (await get('/api/blog', {})).json()) as { posts: { slug: string }[] }
  ;[cached, uncached, frozenUncached, takenDown] = list.posts as [
    typeof cached,
    typeof cached,
    typeof cached,
    typeof cached,
  ]
  // Pages that read stored data are served from memory during the outage once someone has asked for them.
  for (const path of [
    '/blog',
    `/blog/${cached.slug}`,
    `/blog/${takenDown.slug}`,
    '/jobs',
    '/jobs/senior-gameplay-engineer',
    '/rdc25',
  ])
    expect((await get(path)).status).toBe(200)
}, 60_000)

afterAll(async () => {
  await closeOpenPages()
  await app?.stop()
  await sqld?.dispose()
})

test('with the database unreachable, cached pages are served stale and pages without stored data render', async () => {
  // An edit just before the outage: the process has read it (its post's page and the lists are out of date),
  // and cannot render them again.
  const { title } = (await (await get(`/api/blog/slug/${cached.slug}`, {})).json()) as { title: string }
  const edited = await fetch(`${app.url}/api/blog/slug/${cached.slug}`, { headers: { cookie } })
  const post = (await edited.json()) as { id: number; slug: string; content: string }
  const saved = await fetch(`${app.url}/api/blog/${post.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: app.url, cookie },
    body: JSON.stringify({
      title: 'Edited Just Before The Outage',
      slug: post.slug,
      content: post.content,
      status: 'published',
    }),
  })
  expect(saved.status).toBe(200)
  expect((await get('/jobs')).status).toBe(200)
  await sqld.kill()
  // Past the once-a-second check of the content version, so the next request finds the database gone.
  await Bun.sleep(1100)
  const blog = await get('/blog')
  expect(blog.status).toBe(200)
  expect(await blog.text()).toContain(`href="/blog/${cached.slug}"`)
  // The page as it was before the edit, said to be stale (a caching proxy keeps it only briefly).
  const page = await get(`/blog/${cached.slug}`)
  expect(page.status).toBe(200)
  expect(page.headers.get('cache-status')).toContain('detail=stale')
  expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5')
  const html = await page.text()
  expect(html.includes(`<title>${title.replaceAll('&', '&amp;')} | Blog</title>`)).toBe(true)
  // The cached careers and event pages, and pages that need no stored data (the home page goes without its
  // latest posts and its event promotion).
  for (const path of ['/jobs', '/jobs/senior-gameplay-engineer', '/', '/rdc25', '/blog-preview']) {
    const res = await get(path)
    expect({ path, status: res.status }).toEqual({ path, status: 200 })
  }
  // Said once in the log, and on each request line served from memory (request lines are written a few
  // times a second, so the last ones are waited for).
  const staleBlogLine = (line: string) => line.includes('"path":"/blog"') && line.includes('"cache":"stale"')
  for (let waited = 0; !app.output().split('\n').some(staleBlogLine) && waited < 2000; waited += 50) await Bun.sleep(50)
  const lines = app.output().split('\n')
  expect(lines.filter((line) => line.includes('"message":"database unreachable: cached')).length).toBe(1)
  // The blog's JSON reads are kept as its pages are.
  expect((await get('/api/blog', {})).status).toBe(200)
  expect(lines.some(staleBlogLine)).toBe(true)
})

test("with the database unreachable, a browser gets the site's own 503 page and an API client JSON", async () => {
  for (const [path, headers] of [
    [`/blog/${uncached.slug}`, BROWSER],
    // The session cannot be checked: refused before any page code runs.
    ['/admin/blog', { ...BROWSER, cookie }],
  ] as const) {
    const page = await get(path, headers)
    expect({ path, status: page.status }).toEqual({ path, status: 503 })
    expect(page.headers.get('content-type')).toStartWith('text/html')
    expect(page.headers.get('retry-after')).toBe('5')
    const html = await page.text()
    expect(html).toContain('Temporarily unavailable')
    expect(html).toContain('<link rel="stylesheet"')
  }

  const api = await get('/api/blog/search?q=fountain', { accept: 'application/json' })
  expect(api.status).toBe(503)
  expect(api.headers.get('retry-after')).toBe('5')
  expect(((await api.json()) as { error: string }).error).toContain('database is not available')
  // The log says what the network said, without the statement and its parameters (here a session's token hash).
  const logged = app
    .output()
    .split('\n')
    .filter((line) => line.includes('"message":"database unreachable'))
  expect(logged.length).toBeGreaterThan(1)
  for (const line of logged) expect(line).not.toContain('params:')
  const write = await fetch(`${app.url}/api/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, cookie, ...BROWSER },
    body: JSON.stringify({ title: 'Lost in the outage', content: '<p>x</p>', status: 'draft' }),
  })
  expect(write.status).toBe(503)
  expect(write.headers.get('content-type')).toStartWith('application/json')

  // In a browser, the page hydrates without a console error and still says what happened.
  const tracked = await openPage(browser)
  try {
    const response = await tracked.page.goto(`${app.url}/blog/${uncached.slug}`)
    expect(response?.status()).toBe(503)
    await waitForHydration(tracked.page)
    expect(await tracked.page.locator('h1').textContent()).toBe('Temporarily unavailable')
    // The browser reports the document's own status; nothing else may go wrong.
    expect(tracked.problems.filter((problem) => !/Failed to load resource: .* 503 /.test(problem))).toEqual([])
  } finally {
    await tracked.close()
  }
})

test('once the database is back, pages are fresh again without a restart', async () => {
  await sqld.restart()
  // A change made while this process was looking away: it must show, not the page kept during the outage.
  const db = await openDatabase({ url: sqld.url, authToken: sqld.authToken })
  try {
    await db.update(posts).set({ title: 'Back After The Outage' }).where(eq(posts.slug, cached.slug))
    await db.update(appSettings).set({ value: 'after-outage' }).where(eq(appSettings.key, 'content_version'))
  } finally {
    db.$client.close()
  }
  const deadline = Date.now() + 3000
  let html = ''
  while (Date.now() < deadline && !html.includes('Back After The Outage')) {
    html = await (await get('/blog')).text()
    await Bun.sleep(100)
  }
  expect(html).toContain('Back After The Outage')
  expect((await get(`/blog/${uncached.slug}`)).status).toBe(200)
  expect((await get('/api/blog/search?q=fountain', {})).status).toBe(200)
  expect(app.output()).toContain('"message":"database reachable again')
  expect(app.process.exitCode).toBeNull()
})

test('a post deleted just before an outage is not brought back from memory, nor are the lists that showed it', async () => {
  expect((await get(`/blog/${takenDown.slug}`)).status).toBe(200)
  const post = (await (await fetch(`${app.url}/api/blog/slug/${takenDown.slug}`, { headers: { cookie } })).json()) as {
    id: number
  }
  const deleted = await fetch(`${app.url}/api/blog/${post.id}`, {
    method: 'DELETE',
    headers: { origin: app.url, cookie },
  })
  expect(deleted.status).toBeLessThan(300)
  // Read by the process (its pages that show the post are out of date), then the database goes.
  expect((await get('/jobs')).status).toBe(200)
  await sqld.kill()
  try {
    await Bun.sleep(1100)
    for (const path of [`/blog/${takenDown.slug}`, '/blog'])
      expect([path, (await get(path)).status]).toEqual([path, 503])
    expect((await get('/api/blog', {})).status).toBe(503)
    // What does not show it is still served.
    expect((await get('/jobs')).status).toBe(200)
  } finally {
    await sqld.restart()
  }
})

test('a frozen server (connections open, nothing answered) holds a request once for the timeout, then cached pages answer at once', async () => {
  expect((await get('/blog')).status).toBe(200)
  expect((await get('/rdc25')).status).toBe(200)
  await sqld.pause()
  try {
    await Bun.sleep(1100)
    let startedAt = performance.now()
    expect((await get('/blog')).status).toBe(200)
    const firstMs = performance.now() - startedAt
    startedAt = performance.now()
    expect((await get('/blog')).status).toBe(200)
    expect((await get('/rdc25')).status).toBe(200)
    const nextMs = performance.now() - startedAt
    startedAt = performance.now()
    const page = await get(`/blog/${frozenUncached.slug}`)
    const uncachedMs = performance.now() - startedAt
    expect(page.status).toBe(503)
    expect(await page.text()).toContain('Temporarily unavailable')
    console.log(
      `outage: frozen server: first cached page after ${Math.round(firstMs)} ms, the next two in ${Math.round(nextMs)} ms, an uncached page 503 after ${Math.round(uncachedMs)} ms`,
    )
    expect(firstMs).toBeLessThan(TIMEOUT_MS + 1500)
    expect(nextMs).toBeLessThan(1000)
    expect(uncachedMs).toBeLessThan(TIMEOUT_MS + 1500)
  } finally {
    sqld.resume()
  }
  const deadline = Date.now() + 5000
  let status = 0
  while (Date.now() < deadline && status !== 200) {
    status = (await get(`/blog/${frozenUncached.slug}`)).status
    if (status !== 200) await Bun.sleep(200)
  }
  expect(status).toBe(200)
})

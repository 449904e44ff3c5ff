import { afterEach, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { ANALYTICS_API, type AnalyticsReport, type JobFunnel } from '../../../shared/analytics'
import { backupDatabase } from '../../ops/backup'

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const DAY = Date.UTC(2026, 10, 30, 12)
/** A launch post the seed makes. */
const POST = '/blog/golf-cart-gamepass'

let t: TestApp
let now = DAY
afterEach(() => t?.close())

async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  now = DAY
  t = await createTestApp({ trustProxy: true, seed: true, now: () => now, ...options })
  return t
}

function send(
  body: Record<string, unknown>,
  { ua = CHROME, ip = '203.0.113.1', headers = {} as Record<string, string> } = {},
) {
  return t.request(ANALYTICS_API.event, {
    method: 'POST',
    headers: {
      origin: 'http://localhost',
      'content-type': 'application/json',
      'user-agent': ua,
      'x-forwarded-for': ip,
      ...headers,
    },
    body: JSON.stringify(body),
  })
}

async function report(query: string) {
  const admin = adminClient(t)
  await admin.login()
  const res = await admin.request('GET', `${ANALYTICS_API.report}?${query}`)
  expect(res.status).toBe(200)
  return (await res.json()) as AnalyticsReport
}

test('a view is counted once flushed, by page, source, campaign, device and browser; the next day is another visitor', async () => {
  await app()
  expect(
    (
      await send({
        event: 'view',
        url: `${POST}?utm_source=Discord&utm_medium=social&utm_campaign=launch`,
        referrer: 'https://www.reddit.com/r/games',
      })
    ).status,
  ).toBe(204)
  await send({ event: 'view', url: '/jobs' })
  await send({ event: 'view', url: '/', referrer: '' }, { ua: IPHONE, ip: '198.51.100.7' })
  await send({ event: 'view', url: POST, referrer: 'http://localhost/blog' }, { ua: IPHONE, ip: '198.51.100.7' })
  expect((await report('from=2026-11-30&to=2026-11-30')).views).toBe(0)
  await t.analytics.flush()
  const today = await report('from=2026-11-30&to=2026-11-30')
  expect(today).toMatchObject({ views: 4, visitors: 2, days: [{ date: '2026-11-30', views: 4, visitors: 2 }] })
  expect(today.pages).toEqual([
    { path: POST, views: 2, visitors: 2, entries: 1 },
    { path: '/', views: 1, visitors: 1, entries: 1 },
    { path: '/jobs', views: 1, visitors: 1, entries: 0 },
  ])
  expect(today.referrers).toEqual([{ source: 'reddit.com', visitors: 1 }])
  expect(today.campaigns).toEqual([{ source: 'discord', medium: 'social', campaign: 'launch', visitors: 1 }])
  expect(today.devices.sort((a, b) => a.device.localeCompare(b.device))).toEqual([
    { device: 'desktop', visitors: 1 },
    { device: 'mobile', visitors: 1 },
  ])
  expect(today.browsers.map((row) => row.browser).sort()).toEqual(['Chrome', 'Safari'])
  const post = await report(`from=2026-11-30&to=2026-11-30&path=${POST}`)
  expect(post).toMatchObject({
    path: POST,
    views: 2,
    visitors: 2,
    referrers: [{ source: 'reddit.com', visitors: 1 }],
  })

  now = DAY + 86_400_000
  await send({ event: 'view', url: POST })
  await t.analytics.flush()
  const both = await report('from=2026-11-30&to=2026-12-01')
  expect(both).toMatchObject({ views: 5, visitors: 3 })
  expect(both.days).toEqual([
    { date: '2026-11-30', views: 4, visitors: 2 },
    { date: '2026-12-01', views: 1, visitors: 1 },
  ])
  // The first day's visitors were forgotten: who was seen and its salt are gone, its figures stay.
  const left = await t.db.$client.execute(
    "SELECT (SELECT count(*) FROM analytics_seen WHERE day < '2026-12-01') AS events, (SELECT count(*) FROM analytics_salts WHERE day < '2026-12-01') AS salts",
  )
  expect(left.rows[0]).toMatchObject({ events: 0, salts: 0 })
  expect((await report('from=2026-11-30&to=2026-11-30')).pages[0]).toEqual({
    path: POST,
    views: 2,
    visitors: 2,
    entries: 1,
  })
})

test('crawlers, Global Privacy Control, Do Not Track and the staff pages are not counted; bad beacons are refused', async () => {
  await app()
  await send({ event: 'view', url: '/' }, { ua: GOOGLEBOT })
  await send({ event: 'view', url: '/' }, { ua: '' })
  await send({ event: 'view', url: '/' }, { headers: { 'sec-gpc': '1' } })
  await send({ event: 'view', url: '/' }, { headers: { dnt: '1' } })
  for (const url of [
    '/admin/blog',
    '/ADMIN',
    '/blog-preview',
    '/blog/preview/abc123',
    '/api/posts',
    '//evil.example/x',
    'https://evil.example/',
  ])
    expect((await send({ event: 'view', url })).status).toBe(204)
  expect((await send({ event: 'click', url: '/' })).status).toBe(400)
  expect((await send({ event: 'view', url: '/', extra: 1 })).status).toBe(400)
  expect((await send({ event: 'view', url: '/', jobId: -1 })).status).toBe(400)
  await t.analytics.flush()
  expect((await report('from=2026-11-30&to=2026-11-30')).views).toBe(0)
})

test("counting stops with ANALYTICS=off and with the owner's switch, which only the owner may turn", async () => {
  await app({ analyticsOff: true })
  await send({ event: 'view', url: '/' })
  await t.analytics.flush()
  expect((await report('from=2026-11-30&to=2026-11-30')).views).toBe(0)
  t.close()

  await app()
  const owner = adminClient(t)
  await owner.login()
  const editor = await joinStaff(t, owner, 'editor')
  expect((await editor.request('PUT', ANALYTICS_API.settings, { enabled: false })).status).toBe(403)
  const off = await owner.request('PUT', ANALYTICS_API.settings, { enabled: false })
  expect(await off.json()).toEqual({ enabled: false, allowedByServer: true, retentionDays: 730 })
  await send({ event: 'view', url: '/' })
  await t.analytics.flush()
  expect((await report('from=2026-11-30&to=2026-11-30')).views).toBe(0)
  await owner.request('PUT', ANALYTICS_API.settings, { enabled: true })
  await send({ event: 'view', url: '/' })
  await t.analytics.flush()
  expect((await report('from=2026-11-30&to=2026-11-30')).views).toBe(1)
})

test("the careers funnel counts each job's page views, forms started and sent; recruiters see it, not the site report", async () => {
  await app()
  const owner = adminClient(t)
  await owner.login()
  const [job] = await owner.json<{ id: number; slug: string }[]>('GET', '/api/admin/jobs')
  await send({ event: 'view', url: `/jobs/${job!.slug}` })
  await send({ event: 'view', url: `/jobs/${job!.slug}` }, { ip: '192.0.2.9' })
  await send({ event: 'application_started', url: `/jobs/${job!.slug}`, jobId: job!.id })
  await send({ event: 'application_submitted', url: `/jobs/${job!.slug}`, jobId: job!.id })
  await t.analytics.flush()
  const recruiter = await joinStaff(t, owner, 'recruiter')
  const funnels = await recruiter.json<JobFunnel[]>('GET', `${ANALYTICS_API.jobs}?from=2026-11-30&to=2026-11-30`)
  expect(funnels.find((row) => row.jobId === job!.id)).toMatchObject({ views: 2, started: 1, submitted: 1 })
  expect((await recruiter.request('GET', `${ANALYTICS_API.report}?from=2026-11-30&to=2026-11-30`)).status).toBe(403)
  for (const query of [
    'from=2026-11-30',
    'from=2026-12-01&to=2026-11-30',
    'from=2026-02-30&to=2026-03-01',
    'from=2000-01-01&to=2026-01-01',
  ])
    expect((await owner.request('GET', `${ANALYTICS_API.report}?${query}`)).status).toBe(400)
  expect((await owner.request('GET', `${ANALYTICS_API.report}?from=2026-11-30&to=2026-11-30&path=blog`)).status).toBe(
    400,
  )
})

test("the post list's figures: each page asked for, a page never seen as zero", async () => {
  await app()
  await send({ event: 'view', url: POST })
  await send({ event: 'view', url: POST }, { ip: '192.0.2.3' })
  await t.analytics.flush()
  const admin = adminClient(t)
  await admin.login()
  const res = await admin.request(
    'GET',
    `${ANALYTICS_API.pages}?from=2026-11-30&to=2026-11-30&paths=${POST},/blog/other`,
  )
  expect(await res.json()).toEqual([
    { path: POST, views: 2, visitors: 2 },
    { path: '/blog/other', views: 0, visitors: 0 },
  ])
  const tooMany = Array.from({ length: 101 }, (_, index) => `/blog/${index}`).join(',')
  for (const paths of ['', 'blog/x', tooMany])
    expect(
      (await admin.request('GET', `${ANALYTICS_API.pages}?from=2026-11-30&to=2026-11-30&paths=${paths}`)).status,
    ).toBe(400)
})

test("views held at midnight count for their day, and the day's salt and hashes leave the file and its log", async () => {
  await app()
  now = Date.UTC(2026, 10, 30, 23, 59, 59)
  await send({ event: 'view', url: POST })
  await t.analytics.flush()
  const { rows } = await t.db.$client.execute('SELECT salt FROM analytics_salts')
  const salt = String(rows[0]!.salt)
  const hash = String((await t.db.$client.execute('SELECT visitor FROM analytics_seen LIMIT 1')).rows[0]!.visitor)
  await send({ event: 'view', url: POST }, { ip: '192.0.2.44' })
  now = Date.UTC(2026, 11, 1, 0, 0, 2)
  await t.analytics.flush()
  const day = await report('from=2026-11-30&to=2026-11-30')
  expect(day).toMatchObject({ views: 2, visitors: 2 })
  // A minute past midnight (another process's held views written by then), the day's visitors are forgotten.
  now = Date.UTC(2026, 11, 1, 0, 1, 1)
  await t.analytics.flush()
  const left = await t.db.$client.execute(
    'SELECT (SELECT count(*) FROM analytics_seen) AS events, (SELECT count(*) FROM analytics_salts) AS salts',
  )
  expect(left.rows[0]).toMatchObject({ events: 0, salts: 0 })
  const file = t.databaseUrl.replace(/^file:/, '')
  for (const part of [file, `${file}-wal`]) {
    const bytes = (await Bun.file(part).exists()) ? Buffer.from(await Bun.file(part).arrayBuffer()) : Buffer.alloc(0)
    expect(bytes.includes(salt)).toBe(false)
    expect(bytes.includes(hash)).toBe(false)
  }
})

test("a backup keeps the day's figures but not its salt or its visitors' hashes", async () => {
  await app()
  await send({ event: 'view', url: POST })
  await t.analytics.flush()
  const salt = String((await t.db.$client.execute('SELECT salt FROM analytics_salts')).rows[0]!.salt)
  const hash = String((await t.db.$client.execute('SELECT visitor FROM analytics_seen LIMIT 1')).rows[0]!.visitor)
  const copy = `${t.databaseUrl.replace(/^file:/, '')}.backup`
  await backupDatabase({ url: t.databaseUrl }, copy)
  const bytes = Buffer.from(await Bun.file(copy).arrayBuffer())
  expect(bytes.includes(salt)).toBe(false)
  expect(bytes.includes(hash)).toBe(false)
  expect(bytes.includes(POST)).toBe(true)
})

test('one page is one row: other spellings, made-up and scheduled pages are not counted, and a flood is held to 120 a minute', async () => {
  await app()
  const owner = adminClient(t)
  await owner.login()
  // A post scheduled for tomorrow and a draft job: both answer 404 to visitors.
  const scheduled = await owner.request('POST', '/api/blog', {
    title: 'Tomorrow',
    slug: 'tomorrow',
    excerpt: 'Soon.',
    content: '<p>Soon.</p>',
    featuredImage: '',
    featured: false,
    status: 'published',
    publishedAt: '2026-12-01',
    tags: [],
  })
  expect(scheduled.status).toBe(201)
  for (const url of [
    '/blog/golf%2Dcart-gamepass',
    '/blog/GOLF-CART-GAMEPASS',
    '/blog/no-such-post',
    '/blog/tomorrow',
    '/blog/tag/no-such-tag',
    '/jobs/no-such-job',
    '/subscribe/confirm/abc',
    '/subscribe//confirm/abc',
  ])
    await send({ event: 'view', url })
  await send({ event: 'view', url: '/BLOG/' }, { ip: '192.0.2.1' })
  await send({ event: 'view', url: `${POST}/` }, { ip: '192.0.2.2' })
  await t.analytics.flush()
  expect((await report('from=2026-11-30&to=2026-11-30')).pages).toEqual([
    { path: '/blog', views: 1, visitors: 1, entries: 0 },
    { path: POST, views: 1, visitors: 1, entries: 0 },
  ])

  for (let i = 0; i < 130; i++) await send({ event: 'view', url: '/jobs' }, { ip: '198.51.100.99' })
  await t.analytics.flush()
  const flooded = await report('from=2026-11-30&to=2026-11-30')
  expect(flooded.pages.find((page) => page.path === '/jobs')?.views).toBe(120)
  // The next minute, that client is counted again.
  now += 60_000
  await send({ event: 'view', url: '/jobs' }, { ip: '198.51.100.99' })
  await t.analytics.flush()
  expect((await report('from=2026-11-30&to=2026-11-30')).pages.find((page) => page.path === '/jobs')?.views).toBe(121)
})

test("a visit from a mail app (no referrer) has its link's utm_source as its source; a referrer wins over it", async () => {
  await app()
  await send({ event: 'view', url: `${POST}?utm_source=newsletter&utm_medium=email`, referrer: '' })
  await send(
    { event: 'view', url: '/?utm_source=newsletter', referrer: 'https://mail.example.com/' },
    { ip: '192.0.2.8' },
  )
  // Within the site, the tag a page kept in its address is no new source.
  await send({ event: 'view', url: '/jobs?utm_source=newsletter', referrer: 'http://localhost/' }, { ip: '192.0.2.9' })
  await t.analytics.flush()
  const { referrers } = await report('from=2026-11-30&to=2026-11-30')
  expect(referrers.sort((a, b) => a.source.localeCompare(b.source))).toEqual([
    { source: 'mail.example.com', visitors: 1 },
    { source: 'newsletter', visitors: 1 },
  ])
})

import { expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { analyticsTests, GOOGLEBOT, POST } from '../../../../tests/support/analytics'
import { backupDatabase } from '../../ops/backup'

/** What is counted, what is not, and what is forgotten once the day is over. */
const { app, at, clock, send, report } = analyticsTests()

test('crawlers, Global Privacy Control, Do Not Track and the staff pages are not counted; bad beacons are refused', async () => {
  const t = await app()
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

test("views held at midnight count for their day, and the day's salt and hashes leave the file and its log", async () => {
  const t = await app()
  at(Date.UTC(2026, 10, 30, 23, 59, 59))
  await send({ event: 'view', url: POST })
  await t.analytics.flush()
  const { rows } = await t.db.$client.execute('SELECT salt FROM analytics_salts')
  const salt = String(rows[0]!.salt)
  const hash = String((await t.db.$client.execute('SELECT visitor FROM analytics_seen LIMIT 1')).rows[0]!.visitor)
  await send({ event: 'view', url: POST }, { ip: '192.0.2.44' })
  at(Date.UTC(2026, 11, 1, 0, 0, 2))
  await t.analytics.flush()
  const day = await report('from=2026-11-30&to=2026-11-30')
  expect(day).toMatchObject({ views: 2, visitors: 2 })
  // A minute past midnight (another process's held views written by then), the day's visitors are forgotten.
  at(Date.UTC(2026, 11, 1, 0, 1, 1))
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
  const t = await app()
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
  const t = await app()
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
  at(clock() + 60_000)
  await send({ event: 'view', url: '/jobs' }, { ip: '198.51.100.99' })
  await t.analytics.flush()
  expect((await report('from=2026-11-30&to=2026-11-30')).pages.find((page) => page.path === '/jobs')?.views).toBe(121)
})

test("a visit from a mail app (no referrer) has its link's utm_source as its source; a referrer wins over it", async () => {
  const t = await app()
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

import { expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { analyticsTests, DAY, IPHONE, POST } from '../../../../tests/support/analytics'
import { joinStaff } from '../../../../tests/support/staff'
import { ANALYTICS_API, type JobFunnel } from '../../../shared/analytics'

const { app, at, send, report } = analyticsTests()

test('a view is counted once flushed, by page, source, campaign, device and browser; the next day is another visitor', async () => {
  const t = await app()
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

  at(DAY + 86_400_000)
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

test("counting stops with ANALYTICS=off and with the owner's switch, which only the owner may turn", async () => {
  let t = await app({ analyticsOff: true })
  await send({ event: 'view', url: '/' })
  await t.analytics.flush()
  expect((await report('from=2026-11-30&to=2026-11-30')).views).toBe(0)
  t.close()

  t = await app()
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
  const t = await app()
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
  const t = await app()
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

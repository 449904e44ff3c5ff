import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ANALYTICS_API, type AnalyticsBeacon, type AnalyticsReport } from '../../src/shared/analytics'
import { type RunningServer, startServer } from '../e2e/support/server'
import { copiesOnDisk } from '../support/on-disk'
import { copySeededDatabase } from '../support/template-database'
import { adminCookie, OPS_PASSWORD, readDatabase } from './support'

/**
 * Analytics across real processes on one embedded file: two processes count one set of browsers as one set of
 * visitors (the day's salt is shared through the database), crawlers and browsers that opted out are left
 * out, a graceful stop writes what each process held, the next day's salt makes the same browser a new
 * visitor, and forgetting the day leaves its figures while nothing on disk can tell who the visitors were.
 */

const DAY_1 = '2026-11-30'
const DAY_2 = '2026-12-01'

const dir = mkdtempSync(join(tmpdir(), 'site-analytics-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = join(dir, 'site.db')
const DATABASE_URL = `file:${file}`

interface Browser {
  address: string
  userAgent: string
  headers?: Record<string, string>
}

/** Five real browsers, each behind its own address (TRUST_PROXY: the proxy's X-Forwarded-For is the client). */
const BROWSERS: Browser[] = [
  {
    address: '203.0.113.10',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  },
  {
    address: '198.51.100.23',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  },
  {
    address: '192.0.2.37',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  },
  {
    address: '203.0.113.41',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  },
  {
    address: '198.51.100.59',
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  },
]

/** Never counted: Google's crawler, and browsers that asked not to be tracked (Global Privacy Control, Do Not Track). */
const CRAWLER: Browser = {
  address: '66.249.66.1',
  userAgent:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
}
const PRIVATE: Browser = {
  address: '192.0.2.88',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  headers: { 'sec-gpc': '1' },
}
const NOT_TRACKED: Browser = {
  address: '192.0.2.99',
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  headers: { dnt: '1' },
}

const CAMPAIGN = 'utm_source=newsletter&utm_medium=email&utm_campaign=november'
/** Pages the site has (a made-up address is never counted), the launch post among them. */
const PAGES = ['/', '/blog', '/blog/golf-cart-gamepass', '/jobs', '/privacy', '/rdc25']

/** Where each browser's visit began: the first page's address and `document.referrer`. */
const ENTRIES: AnalyticsBeacon[] = [
  {
    event: 'view',
    url: '/blog/golf-cart-gamepass',
    referrer: 'https://www.reddit.com/r/gamedev/comments/1h2k3l/shipping_our_first_game/',
  },
  { event: 'view', url: '/jobs', referrer: 'https://discord.com/channels/1029384756/1122334455' },
  { event: 'view', url: '/', referrer: 'https://www.google.com/' },
  // Opened from the newsletter in a mail app: no referrer, the campaign in the address.
  { event: 'view', url: `/blog?${CAMPAIGN}`, referrer: '' },
  { event: 'view', url: `/jobs?${CAMPAIGN}`, referrer: 'https://www.google.com/' },
]
const VIEWS_PER_BROWSER = 10

/** Each browser's ten views: its entry, then nine pages within the site (no referrer), spread over the pages. */
const visits: AnalyticsBeacon[][] = BROWSERS.map((_, b) => [
  ENTRIES[b]!,
  ...Array.from({ length: VIEWS_PER_BROWSER - 1 }, (_, i) => ({
    event: 'view' as const,
    url: PAGES[(b + i) % PAGES.length]!,
  })),
])

/** What the plan above must give, page by page. */
function expectedPages() {
  const pages = new Map<string, { views: number; visitors: Set<number>; entries: number }>()
  visits.forEach((beacons, b) => {
    for (const beacon of beacons) {
      const path = beacon.url.split('?')[0]!
      const page = pages.get(path) ?? { views: 0, visitors: new Set(), entries: 0 }
      page.views++
      page.visitors.add(b)
      if (beacon.referrer !== undefined) page.entries++
      pages.set(path, page)
    }
  })
  return [...pages].map(([path, page]) => ({
    path,
    views: page.views,
    visitors: page.visitors.size,
    entries: page.entries,
  }))
}

async function send(server: RunningServer, browser: Browser, beacon: AnalyticsBeacon) {
  const res = await fetch(`${server.url}${ANALYTICS_API.event}`, {
    method: 'POST',
    headers: {
      origin: server.url,
      'content-type': 'application/json',
      'user-agent': browser.userAgent,
      'x-forwarded-for': browser.address,
      ...browser.headers,
    },
    body: JSON.stringify(beacon),
  })
  expect(res.status).toBe(204)
}

async function report(server: RunningServer, cookie: string, query: string): Promise<AnalyticsReport> {
  const res = await fetch(`${server.url}${ANALYTICS_API.report}?${query}`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return (await res.json()) as AnalyticsReport
}

const by = <T>(rows: T[], key: (row: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)))

/** A report with every list in one order: ties in visitors come in whatever order the database gives. */
const sorted = (report: AnalyticsReport): AnalyticsReport => ({
  ...report,
  pages: by(report.pages, (row) => row.path),
  referrers: by(report.referrers, (row) => row.source),
  campaigns: by(report.campaigns, (row) => row.source),
  devices: by(report.devices, (row) => row.device),
  browsers: by(report.browsers, (row) => row.browser),
  systems: by(report.systems, (row) => row.os),
})

/** Stops a server as an orchestrator does (SIGTERM: it writes what it holds); it must exit cleanly. */
async function stop(server: RunningServer) {
  await server.stop()
  expect(server.output()).not.toContain('analytics could not be written')
  expect(server.process.exitCode).toBe(0)
}

const start = (day: string) =>
  startServer({
    DATABASE_URL,
    ADMIN_PASSWORD: OPS_PASSWORD,
    TRUST_PROXY: 'true',
    TEST_NOW: `${day}T10:00:00Z`,
    // No page is rendered: the render thread would only cost each start CPU.
    RENDER_THREADS: '0',
  })

const analyticsRows = (table: string, day: string) =>
  readDatabase(file, (db) => db.query(`SELECT * FROM ${table} WHERE day = ?`).all(day)) as Record<string, unknown>[]

/** The visitor hashes the whole site's count saw on `day`. */
const siteVisitors = (day: string) =>
  analyticsRows('analytics_seen', day)
    .filter((row) => row.path === '' && row.kind === 'total')
    .map((row) => String(row.visitor))

test('two processes on one file count 5 browsers as 5 visitors, leave crawlers and opted-out browsers out, and forgetting the day keeps the figures but nothing that tells who visited', async () => {
  const began = performance.now()
  // The database a first start on day 1 leaves: migrating and seeding are not this test's.
  await copySeededDatabase(file, Date.parse(`${DAY_1}T10:00:00Z`))
  const running = new Set<RunningServer>()
  const started = async (day: string) => {
    const server = await start(day)
    running.add(server)
    return server
  }
  const stopped = async (server: RunningServer) => {
    running.delete(server)
    await stop(server)
  }
  try {
    // Day 1: A and B take turns with each browser's views, so every browser is seen by both processes. A third
    // process of the day, started with them, counts nothing: it reads the figures once A and B have stopped.
    const [a, b, reader] = await Promise.all([started(DAY_1), started(DAY_1), started(DAY_1)])
    const servers = [a, b]
    // Views that must not count, each with a page, a referrer and a campaign of its own to look for.
    const uncounted = async (browser: Browser, path: string, referrer: string, count: number) => {
      for (let i = 0; i < count; i++)
        await send(servers[i % 2]!, browser, {
          event: 'view',
          url: `${path}?utm_source=${path.slice('/blog/'.length)}&utm_medium=test&utm_campaign=uncounted`,
          ...(i === 0 ? { referrer } : {}),
        })
    }
    const [cookie] = await Promise.all([
      adminCookie(reader),
      ...visits.map(async (beacons, n) => {
        for (const [i, beacon] of beacons.entries()) await send(servers[(n + i) % 2]!, BROWSERS[n]!, beacon)
      }),
      uncounted(CRAWLER, '/blog/promotion-blimp-update', 'https://www.bing.com/', 6),
      uncounted(PRIVATE, '/blog/crane-booth-update', 'https://news.ycombinator.com/', 6),
      uncounted(NOT_TRACKED, '/blog/pixel-crown-awards-nomination', 'https://duckduckgo.com/', 4),
    ])
    // The stops write what each process still holds (SIGTERM, as an orchestrator stops it).
    await Promise.all([stopped(a), stopped(b)])

    // Day 1 as written by both processes (either may have written any of it).
    const day1 = sorted(await report(reader, cookie, `from=${DAY_1}&to=${DAY_1}`))
    expect(day1).toMatchObject({
      views: 50,
      visitors: 5,
      days: [{ date: DAY_1, views: 50, visitors: 5 }],
      // The newsletter's link opened in a mail app has no referrer: its utm_source is its source.
      referrers: [
        { source: 'discord.com', visitors: 1 },
        { source: 'google.com', visitors: 2 },
        { source: 'newsletter', visitors: 1 },
        { source: 'reddit.com', visitors: 1 },
      ],
      campaigns: [{ source: 'newsletter', medium: 'email', campaign: 'november', visitors: 2 }],
      devices: [
        { device: 'desktop', visitors: 4 },
        { device: 'mobile', visitors: 1 },
      ],
      browsers: [
        { browser: 'Chrome', visitors: 1 },
        { browser: 'Firefox', visitors: 1 },
        { browser: 'Microsoft Edge', visitors: 1 },
        { browser: 'Safari', visitors: 2 },
      ],
      systems: [
        { os: 'iOS', visitors: 1 },
        { os: 'Linux', visitors: 1 },
        { os: 'macOS', visitors: 1 },
        { os: 'Windows', visitors: 2 },
      ],
      signups: [],
    })
    expect(day1.pages).toEqual(by(expectedPages(), (row) => row.path))
    for (const path of [
      '/blog/promotion-blimp-update',
      '/blog/crane-booth-update',
      '/blog/pixel-crown-awards-nomination',
    ])
      expect(day1.pages.map((page) => page.path)).not.toContain(path)
    expect(day1.pages.reduce((sum, page) => sum + page.entries, 0)).toBe(BROWSERS.length)
    const entryPage = '/blog/golf-cart-gamepass'
    const page1 = sorted(await report(reader, cookie, `from=${DAY_1}&to=${DAY_1}&path=${entryPage}`))
    expect(page1).toMatchObject({
      views: day1.pages.find((page) => page.path === entryPage)!.views,
      visitors: day1.pages.find((page) => page.path === entryPage)!.visitors,
      referrers: [{ source: 'reddit.com', visitors: 1 }],
    })

    // The rows behind it: five visitor hashes, made with the one salt both processes used.
    const hashes = siteVisitors(DAY_1)
    expect(hashes).toHaveLength(BROWSERS.length)
    const salts = analyticsRows('analytics_salts', DAY_1)
    expect(salts).toHaveLength(1)
    const salt = String(salts[0]!.salt)
    // Written, so on disk until the day is forgotten: what the last check below must no longer find.
    expect([salt, ...hashes].filter((trace) => copiesOnDisk(DATABASE_URL, trace) === 0)).toEqual([])

    // Day 2: its first write forgets day 1's visitors; browser 1 again, from the same address, is a new visitor.
    const next = await started(DAY_2)
    await send(next, BROWSERS[0]!, { event: 'view', url: '/blog', referrer: '' })
    await stopped(next)

    const both = await report(reader, cookie, `from=${DAY_1}&to=${DAY_2}`)
    expect(both).toMatchObject({
      views: 51,
      visitors: 6,
      days: [
        { date: DAY_1, views: 50, visitors: 5 },
        { date: DAY_2, views: 1, visitors: 1 },
      ],
    })
    // Day 1's figures are the same once its visitors are forgotten.
    expect(sorted(await report(reader, cookie, `from=${DAY_1}&to=${DAY_1}`))).toEqual(day1)
    expect(sorted(await report(reader, cookie, `from=${DAY_1}&to=${DAY_1}&path=${entryPage}`))).toEqual(page1)
    await stopped(reader)

    // Every process stopped: the tables, then the file and its write-ahead log as anyone reading the disk sees them.
    expect(analyticsRows('analytics_seen', DAY_1)).toEqual([])
    expect(analyticsRows('analytics_salts', DAY_1)).toEqual([])
    const day2Visitors = siteVisitors(DAY_2)
    expect(day2Visitors).toHaveLength(1)
    // The same browser is a hash no one can link to its day-1 one: a salt of its own day.
    expect(hashes).not.toContain(day2Visitors[0])
    const day2Salts = analyticsRows('analytics_salts', DAY_2)
    expect(day2Salts).toHaveLength(1)
    expect(String(day2Salts[0]!.salt)).not.toBe(salt)
    expect(analyticsRows('analytics_daily', DAY_1).length).toBeGreaterThan(0)
    const traces = [
      ...[...BROWSERS, CRAWLER, PRIVATE, NOT_TRACKED].flatMap((browser) => [browser.address, browser.userAgent]),
      salt,
      ...hashes,
    ]
    expect(traces.filter((trace) => copiesOnDisk(DATABASE_URL, trace) > 0)).toEqual([])
  } finally {
    await Promise.all([...running].map((server) => server.stop()))
  }
  console.log(`analytics across processes: ${Math.round(performance.now() - began)} ms`)
}, 60_000)

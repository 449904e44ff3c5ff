import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { jobs } from '../../src/content/jobs'
import { seedPosts } from '../../src/content/seed-posts'
import { ANALYTICS_EVENT_PATH } from '../../src/shared/analytics-basics'
import { jobPath, PAGES, postPath } from '../../src/shared/paths'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), sharedBrowser()])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

/** Longer than the 60 s a query stays fresh: the page reads as rendered that long before it arrived. */
const TEN_MINUTES = 600_000

/** A visitor in a fresh browser, its clock ten minutes past the server's; the /api/ reads it makes (its analytics beacon is no read). */
async function visit(path: string) {
  const tracked = await openPage(browser)
  await tracked.page.clock.install({ time: Date.now() + TEN_MINUTES })
  const api: string[] = []
  tracked.page.on('request', (request) => {
    const { pathname, search } = new URL(request.url())
    if (pathname.startsWith('/api/') && pathname !== ANALYTICS_EVENT_PATH) api.push(`${pathname}${search}`)
  })
  const response = await tracked.page.goto(`${server.url}${path}`)
  await waitForHydration(tracked.page)
  // A refetch would start from the effects that run with hydration; no request for a while means none did.
  await tracked.page.waitForLoadState('networkidle')
  return { ...tracked, api, etag: response?.headers().etag }
}

const post = seedPosts[0]!
const job = jobs.find((candidate) => candidate.status === 'active')!

for (const path of [PAGES.blog, postPath(post.slug), PAGES.jobs, jobPath(job.slug), PAGES.event]) {
  test(`${path}, rendered or from the page cache, hydrates from its own data without an API call`, async () => {
    const first = await visit(path)
    expect(first.api).toEqual([])
    expect(first.problems).toEqual([])
    await first.close()

    const again = await visit(path)
    // The same bytes: the page cache's copy, not a second render.
    expect(again.etag).toBe(first.etag)
    expect(again.api).toEqual([])
    await expectAccessible(again.page)
    expect(again.problems).toEqual([])
    await again.close()
  })
}

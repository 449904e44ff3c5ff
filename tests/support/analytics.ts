import { afterEach, expect } from 'bun:test'
import { ANALYTICS_API, type AnalyticsReport } from '../../src/shared/analytics'
import { adminClient } from './admin-client'
import { createTestApp, type TestApp } from './test-app'

export const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
export const DAY = Date.UTC(2026, 10, 30, 12)
/** A launch post the seed makes. */
export const POST = '/blog/golf-cart-gamepass'

/**
 * A file of analytics tests: a seeded app behind a trusted proxy (so each test acts as many clients) on a
 * clock the test moves, closed after each test; beacons as a browser sends them; the owner's report.
 */
export function analyticsTests() {
  let current: TestApp | null = null
  let now = DAY
  afterEach(() => current?.close())
  return {
    async app(options: Parameters<typeof createTestApp>[0] = {}) {
      now = DAY
      current = await createTestApp({ trustProxy: true, seed: true, now: () => now, ...options })
      return current
    },
    at(ms: number) {
      now = ms
    },
    clock: () => now,
    send(
      body: Record<string, unknown>,
      { ua = CHROME, ip = '203.0.113.1', headers = {} as Record<string, string> } = {},
    ) {
      return current!.request(ANALYTICS_API.event, {
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
    },
    async report(query: string) {
      const admin = adminClient(current!)
      await admin.login()
      const res = await admin.request('GET', `${ANALYTICS_API.report}?${query}`)
      expect(res.status).toBe(200)
      return (await res.json()) as AnalyticsReport
    },
  }
}

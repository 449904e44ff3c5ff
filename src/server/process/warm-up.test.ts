import { afterEach, expect, test } from 'bun:test'
import { eventually } from '../../../tests/support/eventually'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'

let t: TestApp
afterEach(() => t.close())

const requestLines = () => t.logs.filter((line) => line.message === 'request')

test('the warm-up is neither logged nor counted, and leaves no search in the page cache; the answers after it are', async () => {
  const token = 'metrics-token-0123456789'
  t = await createTestApp({ seed: true, metricsToken: token })
  // The metrics registry is the process's: what other tests counted stays, and must not move.
  const counted = async () =>
    (await (await t.request('/metrics', { headers: { authorization: `Bearer ${token}` } })).text())
      .split('\n')
      .filter((line) => /route="\/(blog|healthz|)"/.test(line) && line.includes('_count'))
  const before = await counted()
  await t.warmUp()
  // The request log is written after each answer, from the event loop: the line of the request before the
  // warm-up, then a moment for any the warm-up would have written.
  await eventually(() => requestLines().length > 0, 2000)
  await Bun.sleep(20)
  expect(requestLines().map((line) => line.fields?.path)).toEqual(['/metrics'])
  expect(await counted()).toEqual(before)
  t.logs.length = 0

  // It leaves only the home page in the page cache (a visitor's page too), and the cache counted nothing.
  const metrics = await (await t.request('/metrics', { headers: { authorization: `Bearer ${token}` } })).text()
  expect(metrics).toContain('site_page_cache_entries 1')
  expect(metrics).not.toMatch(/site_page_cache_requests_total\{outcome="(hit|miss)"\} [1-9]/)
  await eventually(() => requestLines().length > 0, 2000)
  t.logs.length = 0

  const search = await t.request('/blog?q=warm-up-7')
  expect(search.status).toBe(200)
  expect(await search.text()).toContain('warm-up-7')
  await eventually(() => requestLines().length > 0, 2000)
  expect(requestLines().map((line) => `${line.fields?.path} ${line.fields?.cache}`)).toEqual(['/blog miss'])
}, 30_000)

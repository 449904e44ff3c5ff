import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { APPLICATION_RATE_LIMIT } from '../../../shared/application-rules'
import { appSettings } from '../../db/schema'
import { recordBackup, recordOffsiteBackup } from '../../observability/metrics'
import { LAST_KEY, LAST_OFFSITE_KEY } from '../../ops/scheduled-backups'

const TOKEN = 'metrics-token-for-the-tests'

let off: TestApp
let t: TestApp
beforeAll(async () => {
  off = await createTestApp()
  // Made last: the page cache and render line the metrics read are the last app's (one per process).
  t = await createTestApp({ seed: true, metricsToken: TOKEN })
})
afterAll(() => {
  off.close()
  t.close()
})

const metricsText = async () => {
  const res = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  return res.text()
}

/** The requests counted so far, the scrapes' own aside. */
const counted = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('http_request_duration_seconds_count') && !line.includes('route="/metrics"'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0)

/** Requests are counted just after their answer is sent: the metrics once that count has stopped moving. */
async function scrape(): Promise<string> {
  let text = await metricsText()
  for (let tries = 0; tries < 100; tries++) {
    await Bun.sleep(20)
    const again = await metricsText()
    if (counted(again) === counted(text)) return again
    text = again
  }
  throw new Error('the request count never settled')
}

/** One sample's value, 0 when absent; labels as Prometheus writes them (`{a="b",c="d"}`). */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `))
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0
}

describe('who may read /metrics', () => {
  test('without METRICS_TOKEN there is no /metrics (the site 404)', async () => {
    const res = await off.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('http_request_duration_seconds')
  })

  test('a missing, wrong or differently shaped token is a 401 asking for a bearer token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Basic ${btoa(`x:${TOKEN}`)}`,
      TOKEN,
    ]) {
      const res = await t.request('/metrics', { headers: authorization ? { authorization } : {} })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Bearer')
      expect(await res.text()).not.toContain('http_request')
    }
  })

  test('the right token gets the Prometheus text format, never cached', async () => {
    const res = await t.request('/metrics', { headers: { authorization: `bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const text = await res.text()
    expect(text).toContain('# TYPE http_request_duration_seconds histogram')
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge')
  })
})

describe('what it counts', () => {
  test('requests by route pattern and status, never by raw path', async () => {
    const before = await scrape()
    const slug = (await (await t.request('/api/blog?limit=1')).json()).posts[0].slug as string
    for (let i = 0; i < 3; i++) await (await t.request(`/blog/${slug}`)).arrayBuffer()
    for (let i = 0; i < 20; i++) await (await t.request(`/no-such-page-${crypto.randomUUID()}`)).arrayBuffer()
    await (await t.request('/api/blog/999999')).arrayBuffer()
    const after = await scrape()
    const count = (labels: string) =>
      sample(after, 'http_request_duration_seconds_count', labels) -
      sample(before, 'http_request_duration_seconds_count', labels)
    expect(count('{method="GET",route="/blog/:slug",status="200"}')).toBe(3)
    expect(count('{method="GET",route="/*",status="404"}')).toBe(20)
    expect(count('{method="GET",route="/api/blog/:id",status="401"}')).toBe(1)
    expect(after.includes('no-such-page')).toBe(false)
    expect(after.includes(slug)).toBe(false)
  })

  test('methods other than the usual ones are one label value', async () => {
    await t.request('/', { method: 'PROPFIND' })
    const text = await scrape()
    expect(text.includes('method="PROPFIND"')).toBe(false)
    expect(text.includes('http_request_duration_seconds_count{method="OTHER",route="/",status="405"}')).toBe(true)
  })

  test('page cache hits and misses, its size; renders in flight and waiting', async () => {
    const before = await scrape()
    await (await t.request('/jobs')).arrayBuffer()
    await (await t.request('/jobs')).arrayBuffer()
    const after = await scrape()
    const delta = (outcome: string) =>
      sample(after, 'site_page_cache_requests_total', `{outcome="${outcome}"}`) -
      sample(before, 'site_page_cache_requests_total', `{outcome="${outcome}"}`)
    expect(delta('miss')).toBe(1)
    expect(delta('hit')).toBe(1)
    expect(sample(after, 'site_page_cache_bytes')).toBeGreaterThan(sample(before, 'site_page_cache_bytes'))
    expect(sample(after, 'site_page_cache_entries')).toBeGreaterThan(0)
    expect(after).toContain('site_renders_in_flight 0')
    expect(after).toContain('site_renders_waiting 0')
    expect(after).toContain('# TYPE site_renders_refused_total counter')
  })

  test('résumé uploads refused from their headers, upload bytes in memory, and the media processing line', async () => {
    const before = await scrape()
    const upload = () =>
      t.request('/api/job-applications', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', origin: 'http://localhost' },
        body: '--x--\r\n',
      })
    for (let i = 0; i < APPLICATION_RATE_LIMIT.max; i++) expect((await upload()).status).toBe(400)
    expect((await upload()).status).toBe(429)
    const after = await scrape()
    const refused = (text: string) => sample(text, 'site_uploads_refused_total', '{reason="rateLimited"}')
    expect(refused(after) - refused(before)).toBe(1)
    expect(after).toContain('site_upload_bytes_in_memory 0')
    expect(after).toContain('site_upload_stored_bytes_last_day 0')
    expect(after).toContain('site_media_processing_waiting 0')
    expect(after).toContain('# TYPE site_media_processing_refused_total counter')
  })

  test('failed sign-ins, database errors, backups and their off-site copies (the last success by any process)', async () => {
    const before = await scrape()
    expect((await adminClient(t).login('not the password')).status).toBe(401)
    await t.db.$client.execute('SELECT * FROM no_such_table').catch(() => {})
    recordBackup('success')
    recordBackup('failure')
    recordOffsiteBackup('success')
    recordOffsiteBackup('failure')
    // Made by another process sharing the database: this one reports it all the same.
    for (const [key, at] of [
      [LAST_KEY, Date.UTC(2031, 0, 2)],
      [LAST_OFFSITE_KEY, Date.UTC(2031, 0, 3)],
    ] as const)
      await t.db.insert(appSettings).values({ key, value: String(at), updatedAt: new Date(at) })
    const after = await scrape()
    const delta = (name: string, labels: string) => sample(after, name, labels) - sample(before, name, labels)
    expect(delta('site_login_failures_total', '{kind="password"}')).toBe(1)
    expect(delta('site_database_errors_total', '{code="SQLITE_ERROR"}')).toBe(1)
    expect(delta('site_backups_total', '{outcome="success"}')).toBe(1)
    expect(delta('site_backups_total', '{outcome="failure"}')).toBe(1)
    expect(sample(after, 'site_backup_last_success_timestamp_seconds')).toBe(Date.UTC(2031, 0, 2) / 1000)
    expect(delta('site_offsite_backups_total', '{outcome="success"}')).toBe(1)
    expect(delta('site_offsite_backups_total', '{outcome="failure"}')).toBe(1)
    expect(sample(after, 'site_offsite_backup_last_success_timestamp_seconds')).toBe(Date.UTC(2031, 0, 3) / 1000)
  })
})

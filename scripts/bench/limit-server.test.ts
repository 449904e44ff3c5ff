import { afterAll, beforeAll, expect, test } from 'bun:test'
import { rawRequest } from '../../tests/support/raw-http'
import { type BenchServer, startLimit, startSite } from './processes'
import { browserRequest, headerLines, recordResponse } from './replay'

/**
 * Header lines as sent, apart from what differs from one answer to the next by design: the date, the request's
 * id, and the seconds shared caches may keep the page, which count down to its next change (a scheduled post,
 * the next day) when that comes within their limit.
 */
const fixedHeaderLines = (raw: string) =>
  headerLines(raw)
    .filter(([name]) => !/^(date|x-request-id)$/i.test(name))
    .map(([name, value]): [string, string] => [name, value.replace(/\bs-maxage=\d+/, 's-maxage=…')])
const ask = (server: BenchServer, path: string) => rawRequest(server.url, browserRequest(new URL(path, server.url)))

let site: BenchServer
let limit: BenchServer
beforeAll(async () => {
  site = await startSite('site', { LOG_REQUESTS: 'false' })
  // The second answer is the page cache's, the one the bench records.
  for (const path of ['/', '/blog']) await ask(site, path)
  const recorded = await Promise.all(
    ['/', '/blog', '/blog?q=sample'].map((path) => recordResponse(`${site.url}${path}`)),
  )
  limit = await startLimit('limit', recorded)
}, 60_000)
afterAll(async () => {
  await limit?.stop()
  await site?.stop()
})

test('the limit server sends the bytes the site sends: status line, headers in order, brotli body', async () => {
  for (const path of ['/', '/blog']) {
    const fromSite = await ask(site, path)
    const fromLimit = await ask(limit, path)
    expect(fromSite.headers.get('content-encoding')).toBe('br')
    expect(fromLimit.statusLine).toBe(fromSite.statusLine)
    expect(fixedHeaderLines(fromLimit.raw)).toEqual(fixedHeaderLines(fromSite.raw))
    expect(fromLimit.body.equals(fromSite.body)).toBe(true)
  }
})

test('every query of a recorded route gets the recorded answer; an unrecorded route gets a 404', async () => {
  const sample = await ask(limit, '/blog?q=sample')
  const other = await ask(limit, '/blog?q=another-query')
  expect(other.status).toBe(200)
  expect(other.body.equals(sample.body)).toBe(true)
  expect((await ask(limit, '/jobs')).status).toBe(404)
})

import { expect, test } from 'bun:test'
import { etagFor, isNotModified, matchesEtag, notModified, rangeApplies } from './conditional'

test('each coding of one body has its own strong ETag', () => {
  expect([etagFor('abc', 'identity'), etagFor('abc', 'gzip'), etagFor('abc', 'br')]).toEqual([
    '"abc"',
    '"abc-gzip"',
    '"abc-br"',
  ])
})

test.each([
  ['"abc"', true],
  ['W/"abc"', true],
  ['"other", "abc"', true],
  ['"other",W/"abc"', true],
  ['*', true],
  ['"other"', false],
  ['abc', false],
  ['"abc-gzip"', false],
  ['', false],
])('If-None-Match %p against "abc" (weak comparison) → %p', (header, expected) => {
  expect(matchesEtag(header, '"abc"')).toBe(expected)
})

test('only GET and HEAD are answered 304', () => {
  const ask = (method: string) =>
    isNotModified(new Request('http://localhost/', { method, headers: { 'if-none-match': '*' } }), '"abc"')
  expect([ask('GET'), ask('HEAD'), ask('POST')]).toEqual([true, true, false])
})

test.each([
  [null, true],
  ['"abc"', true],
  ['W/"abc"', false],
  ['"old"', false],
  ['Tue, 24 Nov 2026 01:00:00 GMT', false],
  ['garbage', false],
])('If-Range %p lets a range of "abc" be sent: %p', (header, expected) => {
  const headers: Record<string, string> = header === null ? {} : { 'if-range': header }
  expect(rangeApplies(new Request('http://localhost/', { headers }), '"abc"')).toBe(expected)
})

test('a 304 keeps ETag, Vary and Cache-Control and drops the body metadata', () => {
  const res = notModified(
    new Headers({
      etag: '"abc"',
      vary: 'accept-encoding',
      'cache-control': 'no-cache',
      'content-type': 'text/html',
      'content-encoding': 'br',
      'content-length': '10',
    }),
  )
  expect(res.status).toBe(304)
  expect(Object.fromEntries(res.headers)).toEqual({
    etag: '"abc"',
    vary: 'accept-encoding',
    'cache-control': 'no-cache',
  })
})

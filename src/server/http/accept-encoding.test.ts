import { expect, test } from 'bun:test'
import { type ContentCoding, negotiateEncoding } from './accept-encoding'

const ALL: ContentCoding[] = ['br', 'gzip']

test.each([
  [null, 'identity'],
  ['', 'identity'],
  ['gzip', 'gzip'],
  ['gzip, deflate, br', 'br'],
  ['GZIP', 'gzip'],
  ['x-gzip', 'gzip'],
  ['br;q=0, gzip;q=0', 'identity'],
  ['br;q=0, gzip', 'gzip'],
  ['gzip;q=1.0, br;q=0.5', 'gzip'],
  ['gzip;q=0.8, br;q=0.9', 'br'],
  ['identity', 'identity'],
  ['identity;q=1, gzip;q=0.5', 'identity'],
  ['*', 'br'],
  ['*;q=0.5, br;q=0', 'gzip'],
  ['*;q=0', 'identity'],
  ['identity;q=0', 'identity'],
  ['gzip;q=abc', 'identity'],
  ['gzip;q=2', 'identity'],
  ['deflate, compress', 'identity'],
  [' , ;q=1,, gzip ; q = 0.5 ', 'gzip'],
] as const)('Accept-Encoding %p gets %p when br and gzip are on offer', (header, expected) => {
  expect(negotiateEncoding(header, ALL)).toBe(expected)
})

test('only the codings on offer are chosen', () => {
  expect(negotiateEncoding('br, gzip;q=0.5', ['gzip'])).toBe('gzip')
  expect(negotiateEncoding('br', ['gzip'])).toBe('identity')
  expect(negotiateEncoding('*', [])).toBe('identity')
})

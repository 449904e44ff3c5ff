import { expect, test } from 'bun:test'
import { createSharedCacheControl, SHARED_CACHE_MAX_SECONDS, STALE_WHILE_REVALIDATE_SECONDS } from './cache-control'

const NOON = Date.UTC(2030, 2, 10, 12)
const MIDNIGHT = Date.UTC(2030, 2, 11)
const never = () => Number.POSITIVE_INFINITY

test('a page says browsers revalidate, proxies keep it, and how long it may be served stale', () => {
  const cacheControl = createSharedCacheControl(() => NOON, never, 86_400)
  expect(cacheControl()).toBe('public, max-age=0, s-maxage=3600, stale-while-revalidate=30, stale-if-error=86400')
  expect(STALE_WHILE_REVALIDATE_SECONDS).toBe(30)
})

test('a proxy keeps a page at most an hour when nothing is due', () => {
  expect(SHARED_CACHE_MAX_SECONDS).toBe(3600)
  const cacheControl = createSharedCacheControl(() => NOON, never, 60)
  expect(cacheControl()).toContain(`s-maxage=${SHARED_CACHE_MAX_SECONDS},`)
})

test('a few minutes before UTC midnight a proxy keeps a page only until midnight', () => {
  const cacheControl = createSharedCacheControl(() => MIDNIGHT - 5 * 60_000 - 400, never, 60)
  // 300.4 s to midnight: whole seconds, never past it.
  expect(cacheControl()).toContain('s-maxage=300,')
})

test('a scheduled post coming due sooner ends what a proxy keeps then', () => {
  const cacheControl = createSharedCacheControl(
    () => NOON,
    () => NOON + 90_000,
    60,
  )
  expect(cacheControl()).toContain('s-maxage=90,')
})

test('a feed shows the browser max-age it is given', () => {
  const cacheControl = createSharedCacheControl(() => NOON, never, 3600)
  expect(cacheControl()).toContain('public, max-age=0,')
  expect(cacheControl(300)).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=30, stale-if-error=3600')
  // Pages and feeds asked for in the same second each keep their own max-age.
  expect(cacheControl()).toContain('public, max-age=0,')
})

test('something already due (not yet read again) makes s-maxage 0, never negative', () => {
  const cacheControl = createSharedCacheControl(
    () => NOON,
    () => NOON - 10_000,
    60,
  )
  expect(cacheControl()).toContain(' s-maxage=0,')
})

test('s-maxage counts down as the clock moves toward what is due', () => {
  let now = NOON
  const cacheControl = createSharedCacheControl(
    () => now,
    () => NOON + 60_000,
    60,
  )
  expect(cacheControl()).toContain('s-maxage=60,')
  now += 20_000
  expect(cacheControl()).toContain('s-maxage=40,')
  now += 50_000
  expect(cacheControl()).toContain('s-maxage=0,')
})

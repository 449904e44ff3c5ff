import { expect, test } from 'bun:test'
import { formatDisplayDate, formatDisplayDateTime, isNewPost } from './dates'

test('dates read like "March 4, 2026" in UTC whatever the input form', () => {
  expect(formatDisplayDate('2026-03-04T23:30:00.000Z')).toBe('March 4, 2026')
  expect(formatDisplayDate(Date.UTC(2025, 8, 5))).toBe('September 5, 2025')
  expect(formatDisplayDate(new Date(Date.UTC(2030, 0, 1, 0, 0)))).toBe('January 1, 2030')
})

test('a time reads like "March 4, 2026, 09:05 UTC", on a 24-hour clock', () => {
  expect(formatDisplayDateTime('2026-03-04T09:05:59.999Z')).toBe('March 4, 2026, 09:05 UTC')
  expect(formatDisplayDateTime(Date.UTC(2025, 11, 31, 23, 59))).toBe('December 31, 2025, 23:59 UTC')
  expect(formatDisplayDateTime(Date.UTC(2030, 0, 1))).toBe('January 1, 2030, 00:00 UTC')
})

test('the dates and times read as Intl writes them in en-US and UTC, over two centuries', () => {
  const date = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' })
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const from = Date.UTC(1970, 0, 1)
  const to = Date.UTC(2170, 0, 1)
  // A fixed sequence (Park and Miller's generator): a failure is the same on every run.
  let seed = 42
  const next = () => {
    seed = (seed * 48_271) % 2_147_483_647
    return seed / 2_147_483_647
  }
  for (let i = 0; i < 5000; i++) {
    const at = from + Math.floor(next() * (to - from))
    expect(formatDisplayDateTime(at)).toBe(`${date.format(at)}, ${time.format(at)} UTC`)
  }
})

test('a bad date raises "Invalid time value"', () => {
  expect(() => formatDisplayDate('not a date')).toThrow('Invalid time value')
  expect(() => formatDisplayDateTime(Number.NaN)).toThrow('Invalid time value')
})

test('NEW means published within the last 30 days', () => {
  const now = Date.UTC(2030, 5, 30, 12)
  const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString()
  expect(isNewPost(daysAgo(0), now)).toBe(true)
  expect(isNewPost(daysAgo(29.9), now)).toBe(true)
  expect(isNewPost(daysAgo(30), now)).toBe(false)
  expect(isNewPost(daysAgo(-1), now)).toBe(false)
  expect(isNewPost(null, now)).toBe(false)
})

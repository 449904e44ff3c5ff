import { expect, test } from 'bun:test'
import { formatDisplayDate, isNewPost } from './dates'

test('dates read like "March 4, 2026" in UTC whatever the input form', () => {
  expect(formatDisplayDate('2026-03-04T23:30:00.000Z')).toBe('March 4, 2026')
  expect(formatDisplayDate(Date.UTC(2025, 8, 5))).toBe('September 5, 2025')
  expect(formatDisplayDate(new Date(Date.UTC(2030, 0, 1, 0, 0)))).toBe('January 1, 2030')
})

test('a bad date raises "Invalid time value"', () => {
  expect(() => formatDisplayDate('not a date')).toThrow('Invalid time value')
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

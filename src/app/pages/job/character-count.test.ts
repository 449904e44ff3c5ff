import { expect, test } from 'bun:test'
import { countState, limitAnnouncement, nearLimit, remainingText } from './character-count'

test('the counter shows what is left, or how far past the limit the text is', () => {
  expect(remainingText(0, 50)).toBe('50 characters left')
  expect(remainingText(49, 50)).toBe('1 character left')
  expect(remainingText(50, 50)).toBe('0 characters left')
  expect(remainingText(51, 50)).toBe('1 character over the limit')
  expect(remainingText(1200, 1000)).toBe('200 characters over the limit')
  expect([countState(10, 50), countState(45, 50), countState(51, 50)]).toEqual(['ok', 'near', 'over'])
})

test('a screen reader hears it only near the limit, a handful of times, never once per key', () => {
  const max = 1000
  expect(nearLimit(max)).toBe(100)
  expect(nearLimit(20)).toBe(5)
  // Typing the whole field one key at a time, and 20 past it: how often does the announcement change?
  const said: string[] = []
  for (let length = 0; length <= max + 20; length++) {
    const text = limitAnnouncement(length, max)
    if (text !== (said.at(-1) ?? '')) said.push(text)
  }
  expect(said).toEqual([
    '100 characters or fewer left',
    '50 characters or fewer left',
    'Limit of 1000 characters reached',
    'Over the limit of 1000 characters',
  ])
  expect(limitAnnouncement(899, max)).toBe('')
})

import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { seedPosts } from '../../../content/seed-posts'
import { createPublicPostService } from './service'

const NOW = Date.UTC(2030, 2, 10, 12)
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: NOW, seed: true })
})
afterAll(() => t.close())

/** Queries of every shape: indexed and scanned words, several words, corrections, the whole query short or long. */
const QUERIES = [
  'plaza',
  'golf cart',
  'go cart',
  'cart go',
  'a plaza',
  'plaza a',
  'a b',
  'ab cd plaza',
  'plazza',
  'golf kart',
  'xy',
  'trophy trophies',
  'donation plaza golf cart crane booth blimp trophy',
  'no-such-word-here',
  // Indexed but without a rank (punctuation only), alone and beside a word.
  '...',
  '--- plaza',
  'plaza ---',
  ...seedPosts.map((post) => post.title.split(' ').slice(0, 3).join(' ')),
]

test('a search gives the same answer whether its statement was prepared for an earlier search of its shape or not', async () => {
  const warm = createPublicPostService(t.db, () => NOW)
  for (const q of QUERIES) await warm.search(q, 10)
  for (const q of [...QUERIES].reverse()) {
    const fresh = await createPublicPostService(t.db, () => NOW).search(q, 10)
    expect({ q, result: await warm.search(q, 10) }).toEqual({ q, result: fresh })
  }
})

test('the time is read at each search, not when its statement was prepared', async () => {
  let now = Date.UTC(2000, 0, 1)
  const service = createPublicPostService(t.db, () => now)
  expect((await service.search('plaza', 10)).total).toBe(0)
  now = NOW
  expect((await service.search('plaza', 10)).total).toBeGreaterThan(0)
})

import { afterEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { seedPosts } from '../../../content/seed-posts'
import type { Logger } from '../../observability/logger'
import {
  compactSearchIndexes,
  createSearchIndexCompaction,
  SEARCH_INDEXES,
  searchIndexSegments,
} from './search-index-compaction'

const apps: TestApp[] = []
afterEach(() => {
  for (const app of apps.splice(0)) app.close()
})
/** A site with the launch posts, each written on its own: a segment each in both indexes. */
async function seededSite() {
  const t = await createTestApp({ seed: true })
  apps.push(t)
  return t
}

const QUERIES = ['plush', 'golf cart vip', 'conference', 'emberl', 'donation game', 'zzqx']
const noPause = async () => {}

/** What a visitor sees for each query: the slugs of the results, in order, and the total. */
async function results(t: TestApp) {
  const seen: Record<string, [string[], string | null]> = {}
  for (const q of QUERIES) {
    const res = await t.request(`/api/blog/search?q=${encodeURIComponent(q)}`)
    expect(res.status).toBe(200)
    seen[q] = [((await res.json()) as { slug: string }[]).map((p) => p.slug), res.headers.get('x-total-count')]
  }
  return seen
}

const segments = (t: TestApp) => Promise.all(SEARCH_INDEXES.map((index) => searchIndexSegments(t.db, index)))

async function writePosts(t: TestApp, first: number, count: number) {
  const admin = adminClient(t)
  await admin.login()
  for (let i = first; i < first + count; i++) {
    const res = await admin.request('POST', '/api/blog', {
      title: `Quokka season ${i}`,
      excerpt: 'A quokka visits the studio.',
      content: `<p>The quokka stayed for lunch, day ${i}.</p>`,
      status: 'published',
    })
    expect(res.status).toBe(201)
  }
}

describe('search index compaction', () => {
  test('merges the segments the launch posts left into one, and every search answers as before', async () => {
    const t = await seededSite()
    const launched = seedPosts.length
    expect(await segments(t)).toEqual([launched, launched])
    const before = await results(t)
    expect(before.plush![0].length).toBeGreaterThan(0)

    expect(await compactSearchIndexes(t.db, { pause: noPause })).toEqual({
      posts_fts: [launched, 1],
      posts_words: [launched, 1],
    })
    expect(await segments(t)).toEqual([1, 1])
    expect(await results(t)).toEqual(before)
    // Nothing left to merge: a second run changes nothing.
    expect(await compactSearchIndexes(t.db, { pause: noPause })).toEqual({})
  })

  test('leaves a new post or three in their own segments, and merges them once there are four', async () => {
    const t = await seededSite()
    await compactSearchIndexes(t.db, { pause: noPause })
    await writePosts(t, 0, 3)
    expect(await compactSearchIndexes(t.db, { pause: noPause })).toEqual({})
    expect(await segments(t)).toEqual([4, 4])
    const quokkas = await t.request('/api/blog/search?q=quokka').then((r) => r.headers.get('x-total-count'))
    expect(quokkas).toBe('3')

    await writePosts(t, 3, 1)
    expect(await compactSearchIndexes(t.db, { pause: noPause })).toEqual({
      posts_fts: [5, 2],
      posts_words: [5, 2],
    })
    expect(await t.request('/api/blog/search?q=quokka').then((r) => r.headers.get('x-total-count'))).toBe('4')
  })

  test('runs at start and says what it merged; a stop waits for the step under way and takes no other', async () => {
    const t = await seededSite()
    const logged: { message: string; fields?: Record<string, unknown> }[] = []
    const logger = {
      info: (message: string, fields?: Record<string, unknown>) => logged.push({ message, fields }),
      error: (message: string, fields?: Record<string, unknown>) => logged.push({ message, fields }),
    } as unknown as Logger
    const compaction = createSearchIndexCompaction({ db: t.db, logger, intervalMs: 60_000 })
    compaction.start()
    await compaction.stop()
    // The stop came during the first step: it waited for that step and took no other. One step merges the
    // launch posts' trigram index (it is smaller than a step); the word index was not reached.
    expect(await segments(t)).toEqual([1, seedPosts.length])
    const said = (segments: Record<string, [number, number]>) => ({
      message: 'merged the search indexes',
      fields: { segments },
    })
    expect(logged).toEqual([said({ posts_fts: [seedPosts.length, 1] })])

    await createSearchIndexCompaction({ db: t.db, logger }).runOnce()
    expect(logged.at(-1)).toEqual(said({ posts_words: [seedPosts.length, 1] }))
    expect(await segments(t)).toEqual([1, 1])
  })
})

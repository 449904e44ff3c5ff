import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import type { Logger } from '../../http/logger'
import {
  compactSearchIndexes,
  createSearchIndexCompaction,
  SEARCH_INDEXES,
  searchIndexSegments,
} from './search-index-compaction'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: true })
})
afterAll(() => t.close())

const QUERIES = ['plush', 'golf cart vip', 'conference', 'emberl', 'donation game', 'zzqx']

/** What a visitor sees for each query: the slugs of the results, in order, and the total. */
async function results() {
  const seen: Record<string, [string[], string | null]> = {}
  for (const q of QUERIES) {
    const res = await t.request(`/api/blog/search?q=${encodeURIComponent(q)}`)
    expect(res.status).toBe(200)
    const posts = (await res.json()) as { slug: string }[]
    seen[q] = [posts.map((p) => p.slug), res.headers.get('x-total-count')]
  }
  return seen
}

const segments = async () => Promise.all(SEARCH_INDEXES.map((index) => searchIndexSegments(t.db, index)))

describe('search index compaction', () => {
  test('merges the segments the launch posts and later edits left, and every search answers as before', async () => {
    // Each launch post was its own write: a segment each, in both indexes.
    expect(await segments()).toEqual([12, 12])
    const before = await results()
    expect(before.plush![0].length).toBeGreaterThan(0)

    expect(await compactSearchIndexes(t.db)).toEqual({ posts_fts: 12, posts_words: 12 })
    expect(await segments()).toEqual([1, 1])
    expect(await results()).toEqual(before)
    // Nothing left to merge: the indexes are only read.
    expect(await compactSearchIndexes(t.db)).toEqual({})

    // An edit and a deletion after the merge are found, and merged in turn.
    const admin = adminClient(t)
    await admin.login()
    const created = await admin.request('POST', '/api/blog', {
      title: 'Quokka season',
      excerpt: 'A quokka visits the studio.',
      content: '<p>The quokka stayed for lunch.</p>',
      status: 'published',
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: number }
    expect(await segments()).toEqual([2, 2])
    expect((await t.request('/api/blog/search?q=quokka').then((r) => r.json())) as unknown[]).toHaveLength(1)
    expect((await admin.request('DELETE', `/api/blog/${id}`)).status).toBe(200)
    expect(await compactSearchIndexes(t.db)).toEqual({ posts_fts: 3, posts_words: 3 })
    expect(await segments()).toEqual([1, 1])
    expect(await t.request('/api/blog/search?q=quokka').then((r) => r.json())).toEqual([])
    expect(await results()).toEqual(before)
  })

  test('runs at start and says what it merged; stop waits for a merge under way', async () => {
    const admin = adminClient(t)
    await admin.login()
    await admin.request('POST', '/api/blog', {
      title: 'Wombat weekend',
      excerpt: 'A wombat.',
      content: '<p>Wombats.</p>',
      status: 'published',
    })
    const logged: { message: string; fields?: Record<string, unknown> }[] = []
    const logger = {
      info: (message: string, fields?: Record<string, unknown>) => logged.push({ message, fields }),
      error: (message: string, fields?: Record<string, unknown>) => logged.push({ message, fields }),
    } as unknown as Logger
    const compaction = createSearchIndexCompaction({ db: t.db, logger, intervalMs: 60_000 })
    compaction.start()
    await compaction.stop()
    expect(logged).toEqual([
      { message: 'merged the search indexes', fields: { segments: { posts_fts: 2, posts_words: 2 } } },
    ])
    expect(await segments()).toEqual([1, 1])
  })
})

/**
 * Search latency over a large blog: 10,000 generated published posts (about 2 KB of text each) in a
 * fresh embedded database, queried through the real HTTP handler (`fetch`, no network).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/server/db/client'
import { applyMigrations } from '../../src/server/db/migrate'
import { posts } from '../../src/server/db/schema'
import { bundledPostContent } from '../../src/server/features/posts/post-content'
import { createQuietApp } from './quiet-app'

const WORDS =
  'donation plaza golf cart crane booth blimp trophy credits gift gems players community update event award festival stage music plush charity stream concert season booth leaderboard reward quest badge studio creator collab'.split(
    ' ',
  )

function paragraph(seed: number, words: number): string {
  let x = seed
  const out: string[] = []
  for (let i = 0; i < words; i++) {
    x = (x * 1103515245 + 12345) % 2147483648
    out.push(WORDS[x % WORDS.length]!)
  }
  return out.join(' ')
}

export interface SearchBench {
  posts: number
  queries: number
  p50: number
  p95: number
  p99: number
}

export async function benchSearch(count = 10_000, rounds = 40): Promise<SearchBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-'))
  const db = await openDatabase({ url: `file:${join(dir, 'bench.db')}` })
  await applyMigrations(db)
  const start = Date.UTC(2020, 0, 1)
  for (let batch = 0; batch < count; batch += 500) {
    const rows = []
    for (let n = batch; n < Math.min(batch + 500, count); n++) {
      const title = `Update ${n}: ${paragraph(n, 6)}`
      const excerpt = paragraph(n + 1, 24)
      const html = `<h2>${paragraph(n + 2, 5)}</h2><p>${paragraph(n + 3, 150)}</p><ul><li>${paragraph(n + 4, 20)}</li></ul><p>${paragraph(n + 5, 120)}</p>`
      const when = new Date(start + n * 3_600_000)
      rows.push({
        title,
        slug: `bench-post-${n}`,
        excerpt,
        ...(await bundledPostContent({ title, excerpt, content: html })),
        status: 'published' as const,
        createdAt: when,
        updatedAt: when,
        publishedAt: when,
      })
    }
    await db.insert(posts).values(rows)
  }
  // Without the content cache: repeated queries would otherwise measure a map lookup, not the search.
  const app = createQuietApp(db, { cacheContent: false })
  const queries = ['golf', 'Crane Booth', 'trophy', 'zzz-no-match', 'update 9999', 'gift gems', 'e', 'plush charity']
  const timings: number[] = []
  for (let round = 0; round < rounds; round++) {
    for (const q of queries) {
      for (const limit of [5, 100]) {
        const t0 = performance.now()
        const res = await app.fetch(
          new Request(`http://localhost/api/blog/search?q=${encodeURIComponent(q)}&limit=${limit}`),
        )
        await res.arrayBuffer()
        timings.push(performance.now() - t0)
      }
    }
  }
  db.$client.close()
  rmSync(dir, { recursive: true, force: true })
  timings.sort((a, b) => a - b)
  const at = (p: number) =>
    Math.round(timings[Math.min(timings.length - 1, Math.floor(p * timings.length))]! * 100) / 100
  return { posts: count, queries: timings.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) }
}

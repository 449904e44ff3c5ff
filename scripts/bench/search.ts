/**
 * Search latency over a large blog: 10,000 generated published posts (about 2 KB of text each) in a
 * fresh embedded database, queried through the real HTTP handler (`fetch`, no network).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/server/db/client'
import { applyMigrations } from '../../src/server/db/migrate'
import { addLargeBlog } from '../../tests/support/large-blog'
import { createQuietApp } from './quiet-app'

export interface SearchBench {
  posts: number
  queries: number
  p50: number
  p95: number
  p99: number
  /** CPU time of this process per request: what the search costs, without waiting for a core on a busy host. */
  cpuP50: number
  cpuP95: number
  /** A word in every post (each one ranked), measured apart from the mix above. */
  everyPost: { query: string; p50: number; p95: number; cpuP95: number }
}

/** Queries of the mix: words, two words, a phrase, a misspelt word (the typo path), no match, one letter. */
export const QUERIES = [
  'golf',
  'Crane Booth',
  'trophy',
  'trophys',
  'zzz-no-match',
  'update 9999',
  'gift gems',
  'e',
  'plush charity',
]
const EVERY_POST = 'donation'

type Fetch = (request: Request) => Response | Promise<Response>

export async function measure(fetch: Fetch, queries: string[], rounds: number) {
  const wall: number[] = []
  const cpu: number[] = []
  for (let round = 0; round < rounds; round++) {
    for (const q of queries) {
      for (const limit of [5, 100]) {
        const t0 = performance.now()
        const c0 = process.cpuUsage()
        const res = await fetch(
          new Request(`http://localhost/api/blog/search?q=${encodeURIComponent(q)}&limit=${limit}`),
        )
        await res.arrayBuffer()
        const used = process.cpuUsage(c0)
        cpu.push((used.user + used.system) / 1000)
        wall.push(performance.now() - t0)
      }
    }
  }
  const at = (timings: number[], p: number) => {
    const sorted = [...timings].sort((a, b) => a - b)
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 100) / 100
  }
  return { count: wall.length, at: (p: number) => at(wall, p), cpuAt: (p: number) => at(cpu, p) }
}

export async function benchSearch(count = 10_000, rounds = 40): Promise<SearchBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-'))
  const db = await openDatabase({ url: `file:${join(dir, 'bench.db')}` })
  await applyMigrations(db)
  await addLargeBlog(db, count)
  // Without the content cache: repeated queries would otherwise measure a map lookup, not the search.
  const app = createQuietApp(db, { cacheContent: false })
  const mix = await measure(app.fetch, QUERIES, rounds)
  const every = await measure(app.fetch, [EVERY_POST], Math.max(1, rounds / 4))
  db.$client.close()
  rmSync(dir, { recursive: true, force: true })
  return {
    posts: count,
    queries: mix.count,
    p50: mix.at(0.5),
    p95: mix.at(0.95),
    p99: mix.at(0.99),
    cpuP50: mix.cpuAt(0.5),
    cpuP95: mix.cpuAt(0.95),
    everyPost: { query: EVERY_POST, p50: every.at(0.5), p95: every.at(0.95), cpuP95: every.cpuAt(0.95) },
  }
}

if (import.meta.main) console.log(await benchSearch())

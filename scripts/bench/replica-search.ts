/**
 * Uncached blog search on a libSQL server (sqld on loopback), read over HTTP and from an embedded replica
 * of it (DATABASE_SYNC_URL), in the same run: the same posts, the same query mix, the same handler.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/server/db/client'
import { migrateDatabase } from '../../src/server/db/migrate'
import { addLargeBlog } from '../../tests/support/large-blog'
import { startSqld } from '../../tests/support/sqld'
import { createQuietApp } from './quiet-app'
import { measure, QUERIES } from './search'

export interface ReplicaSearchBench {
  posts: number
  queries: number
  remote: { p50: number; p99: number }
  replica: { p50: number; p99: number }
}

export async function benchReplicaSearch(count = 2000, rounds = 10): Promise<ReplicaSearchBench> {
  const sqld = await startSqld()
  const dir = mkdtempSync(join(tmpdir(), 'bench-replica-'))
  try {
    const server = { url: sqld.url, authToken: sqld.authToken }
    await migrateDatabase(server)
    const remote = await openDatabase(server)
    await addLargeBlog(remote, count)
    const replica = await openDatabase({
      url: `file:${join(dir, 'replica.db')}`,
      syncUrl: sqld.url,
      authToken: sqld.authToken,
    })
    const result = { remote: { p50: 0, p99: 0 }, replica: { p50: 0, p99: 0 }, queries: 0 }
    // Each warmed once, then measured; the content cache off, so every query reads the database.
    for (const [name, db] of [
      ['remote', remote],
      ['replica', replica],
    ] as const) {
      const app = createQuietApp(db, { cacheContent: false })
      await measure(app.fetch, QUERIES, 1)
      const timed = await measure(app.fetch, QUERIES, rounds)
      result[name] = { p50: timed.at(0.5), p99: timed.at(0.99) }
      result.queries = timed.count
    }
    remote.$client.close()
    replica.$client.close()
    return { posts: count, ...result }
  } finally {
    await sqld.dispose()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) console.log(await benchReplicaSearch())

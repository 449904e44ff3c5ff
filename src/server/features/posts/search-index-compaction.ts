import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { errorFields } from '../../http/error-fields'
import type { Logger } from '../../http/logger'

const HOUR_MS = 60 * 60 * 1000

/** The full-text indexes of posts (db/migrations 0002 and 0015), kept up to date by triggers on `posts`. */
export const SEARCH_INDEXES = ['posts_fts', 'posts_words'] as const
type SearchIndex = (typeof SEARCH_INDEXES)[number]

/** FTS5 keeps the list of an index's segments in this row of its `_data` table. */
const STRUCTURE_ROW = 10
/** Marks the newer layout of that row, after its 4-byte cookie (fts5_index.c, FTS5_STRUCTURE_V2). */
const STRUCTURE_V2 = [0xff, 0x00, 0x00, 0x01]

/** An SQLite varint at `at` (big-endian groups of 7 bits, the high bit saying another follows): value and end. */
function varint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0
  for (let i = at; i < bytes.length && i < at + 5; i++) {
    value = value * 128 + (bytes[i]! & 0x7f)
    if (bytes[i]! < 0x80) return [value, i + 1]
  }
  throw new Error('search index structure record is malformed')
}

/**
 * How many segments an index is in. Every write to `posts` adds one to each index, and FTS5 merges them only
 * slowly (a level waits for up to 16): a search then looks every word up in each of them, which made one
 * three times slower with the twelve launch posts than after merging them.
 */
export async function searchIndexSegments(db: Database, index: SearchIndex): Promise<number> {
  const { rows } = await db.$client.execute({
    sql: `SELECT block FROM ${index}_data WHERE id = ?`,
    args: [STRUCTURE_ROW],
  })
  const block = rows[0]?.block
  if (!(block instanceof ArrayBuffer)) return 0
  const bytes = new Uint8Array(block)
  // The cookie, the marker of the newer layout if there is one, the number of levels, then of segments.
  let at = 4
  if (STRUCTURE_V2.every((byte, i) => bytes[at + i] === byte)) at += STRUCTURE_V2.length
  const [, afterLevels] = varint(bytes, at)
  return varint(bytes, afterLevels)[0]
}

/**
 * Merges each search index that is in more than one segment into one (FTS5's `optimize`), which also drops
 * what deleted and edited posts left in the old segments. Returns the indexes merged, with how many
 * segments each was in.
 */
export async function compactSearchIndexes(db: Database): Promise<Partial<Record<SearchIndex, number>>> {
  const merged: Partial<Record<SearchIndex, number>> = {}
  for (const index of SEARCH_INDEXES) {
    const segments = await searchIndexSegments(db, index)
    if (segments <= 1) continue
    await db.run(sql`INSERT INTO ${sql.identifier(index)}(${sql.identifier(index)}) VALUES ('optimize')`)
    merged[index] = segments
  }
  return merged
}

/**
 * Keeps the search indexes in one segment each: at start (behind the requests, which read meanwhile) and
 * every hour after, for the posts written since. Several processes may run it: an index already in one
 * segment is only read.
 */
export function createSearchIndexCompaction({
  db,
  logger,
  intervalMs = HOUR_MS,
}: {
  db: Database
  logger: Logger
  intervalMs?: number
}) {
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<void> | null = null
  const run = () => {
    running ??= compactSearchIndexes(db)
      .then(
        (merged) => {
          if (Object.keys(merged).length > 0) logger.info('merged the search indexes', { segments: merged })
        },
        (error: unknown) => logger.error('merging the search indexes failed', errorFields(error)),
      )
      .finally(() => {
        running = null
      })
    return running
  }
  return {
    start() {
      void run()
      timer = setInterval(run, intervalMs)
    },
    /** Ends the timer and waits for a merge under way, so none runs on a closed database. */
    async stop(): Promise<void> {
      clearInterval(timer)
      await running
    },
  }
}

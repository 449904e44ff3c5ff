import type { ResultSet } from '@libsql/client'
import type { Database } from '../../db/client'
import { errorFields } from '../../observability/error-fields'
import type { Logger } from '../../observability/logger'
import { renewOnTimer } from '../../ops/renew-on-timer'

const HOUR_MS = 60 * 60 * 1000

/** The full-text indexes of posts (db/migrations 0002 and 0015), kept up to date by triggers on `posts`. */
export const SEARCH_INDEXES = ['posts_fts', 'posts_words'] as const
type SearchIndex = (typeof SEARCH_INDEXES)[number]

/** FTS5 keeps the list of an index's segments in this row of its `_data` table. */
const STRUCTURE_ROW = 10
/** Marks the newer layout of that row, after its 4-byte cookie (fts5_index.c, FTS5_STRUCTURE_V2). */
const STRUCTURE_V2 = [0xff, 0x00, 0x00, 0x01]
/**
 * FTS5's budget for one merge step, in index pages of about 4 KB. FTS5 checks it between terms, so a step
 * writes at least one term's whole list of posts: a trigram most posts hold makes a step longer as the index
 * grows. The embedded driver runs a statement on the thread that called it, so a step holds up the server's
 * requests while it runs: on a 10,000-post index, 5 ms typically, 14 ms at p95 and 31 ms in the longest.
 */
const MERGE_STEP_PAGES = 32
/** The pause between two steps, for the requests and for other processes' writes. */
const STEP_PAUSE_MS = 10
/** Steps in one run at most: a safeguard, far above what any index here needs. */
const MAX_STEPS = 4096

/** An SQLite varint at `at` (big-endian groups of 7 bits, the high bit saying another follows): value and end. */
function varint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0
  for (let i = at; i < bytes.length && i < at + 5; i++) {
    value = value * 128 + (bytes[i]! & 0x7f)
    if (bytes[i]! < 0x80) return [value, i + 1]
  }
  throw new Error('search index structure record is malformed')
}

const structureQuery = (index: SearchIndex) => ({
  sql: `SELECT block FROM ${index}_data WHERE id = ?`,
  args: [STRUCTURE_ROW],
})
const blockOf = ({ rows }: ResultSet): Uint8Array => {
  const block = rows[0]?.block
  return block instanceof ArrayBuffer ? new Uint8Array(block) : new Uint8Array()
}

const structureRecord = async (db: Database, index: SearchIndex): Promise<Uint8Array> =>
  blockOf(await db.$client.execute(structureQuery(index)))

/**
 * One merge step in one write transaction, with the structure record read just before and just after it:
 * the difference is this step's own work, never a post saved meanwhile.
 */
async function mergeStep(db: Database, index: SearchIndex): Promise<[Uint8Array, Uint8Array]> {
  const [before, , after] = await db.$client.batch(
    [
      structureQuery(index),
      { sql: `INSERT INTO ${index}(${index}, rank) VALUES ('merge', ?)`, args: [MERGE_STEP_PAGES] },
      structureQuery(index),
    ],
    'write',
  )
  return [blockOf(before!), blockOf(after!)]
}

/**
 * The segment count in a structure record: after the 4-byte cookie, the marker of the newer layout if there is
 * one, and the number of levels.
 */
function segmentsIn(structure: Uint8Array): number {
  if (structure.length === 0) return 0
  let at = 4
  if (STRUCTURE_V2.every((byte, i) => structure[at + i] === byte)) at += STRUCTURE_V2.length
  const [, afterLevels] = varint(structure, at)
  return varint(structure, afterLevels)[0]
}

/**
 * How many segments an index is in. Every statement writing `posts` adds one to each index, and a lookup
 * reads them all: with the twelve launch posts in twelve segments, a search took three times as long as in one.
 */
export const searchIndexSegments = async (db: Database, index: SearchIndex): Promise<number> =>
  segmentsIn(await structureRecord(db, index))

/**
 * Merges the small segments of each search index the way FTS5 does over time, now: any level holding four
 * segments or more (FTS5's `usermerge`) is merged into one, a step at a time with a pause between steps,
 * until a step changes nothing. New posts go to the lowest level, where the largest segment usually is not,
 * so an edit rarely costs a rewrite of the whole index (the exception: after a `rebuild`, which leaves the
 * whole index on that level, the first merge of new posts rewrites it once). The merge also drops what deleted
 * and edited posts left in the segments it reads. Returns the segment counts of each index its steps changed,
 * before its first step that merged and after its last. A failure ends the run; the next one tries again.
 */
export async function compactSearchIndexes(
  db: Database,
  {
    pause = () => Bun.sleep(STEP_PAUSE_MS),
    stopped = () => false,
  }: {
    pause?: () => Promise<unknown>
    /** Asked before each step: a shutdown ends the run there. */
    stopped?: () => boolean
  } = {},
): Promise<Partial<Record<SearchIndex, [number, number]>>> {
  const merged: Partial<Record<SearchIndex, [number, number]>> = {}
  for (const index of SEARCH_INDEXES) {
    let first: Uint8Array | null = null
    let last: Uint8Array = new Uint8Array()
    for (let step = 0; step < MAX_STEPS && !stopped(); step++) {
      const [before, after] = await mergeStep(db, index)
      if (Bun.deepEquals(before, after)) break
      first ??= before
      last = after
      await pause()
    }
    if (first) merged[index] = [segmentsIn(first), segmentsIn(last)]
  }
  return merged
}

/**
 * Runs `compactSearchIndexes` at start and every hour after, for the posts written since. Several processes
 * may run it: where there is nothing to merge a step writes nothing. Steps of two processes take turns, and
 * the embedded driver waits for the other's on the thread that asked, so one may stall for the length of a
 * step.
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
  let stopping = false
  const run = () =>
    compactSearchIndexes(db, { stopped: () => stopping }).then(
      (merged) => {
        if (Object.keys(merged).length > 0) logger.info('merged the search indexes', { segments: merged })
      },
      (error: unknown) => logger.error('merging the search indexes failed', errorFields(error)),
    )
  // One run at a time, on the timer or asked for; a failure is logged by the run itself.
  let timer: ReturnType<typeof renewOnTimer> | null = null
  return {
    /** One run now, or the one under way: what start and the timer do. */
    runOnce: (): Promise<void> => (timer ? timer.now() : run()),
    start() {
      timer = renewOnTimer(run, intervalMs, () => {})
      void timer.now()
    },
    /** Ends the timer and a run under way after its current step, and waits for that step. */
    async stop(): Promise<void> {
      stopping = true
      await timer?.stop()
    },
  }
}

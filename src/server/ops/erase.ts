import { existsSync } from 'node:fs'
import { createClient } from '@libsql/client'
import { type Database, databaseFile } from '../db/client'

/** Waits before trying again when a reader stopped the checkpoint: about 13 minutes in all. */
const RETRY_DELAYS_MS = [1000, 5000, 30_000, 120_000, 600_000]

/**
 * After deleting personal data from the embedded file (whose writes zero what they free, see
 * overwriting-client.ts): copies the write-ahead log into the file and empties it (a `TRUNCATE`
 * checkpoint), so no earlier copy of the deleted pages stays in the log on disk. On a connection of its
 * own that never waits for a lock: the pool's connections wait for locks, and the embedded driver waits
 * synchronously, which would stop this process for as long. A connection still reading an older snapshot
 * (a render, a backup being made) stops the checkpoint where it is; it is tried again a little later, and
 * the hourly retention run empties it again in any case. Whether the log was emptied at once; never fails.
 */
export async function emptyWriteAheadLog(db: Database): Promise<boolean> {
  const file = databaseFile(db)
  if (!file) return false
  if (await checkpoint(file)) return true
  // One chain of tries per file, however many deletions ran into the same reader.
  if (retrying.has(file)) return false
  retrying.add(file)
  let attempt = 0
  const later = () =>
    setTimeout(async () => {
      // A database since removed (a test's) is not made again by opening it.
      const done = !existsSync(file) || (await checkpoint(file)) || ++attempt >= RETRY_DELAYS_MS.length
      if (done) retrying.delete(file)
      else later()
    }, RETRY_DELAYS_MS[attempt]).unref()
  later()
  return false
}

/** Files whose log a chain of tries is waiting to empty. */
const retrying = new Set<string>()

async function checkpoint(file: string): Promise<boolean> {
  // The deletes have committed whatever happens here: a failure must not make them look failed.
  try {
    const connection = createClient({ url: `file:${file}`, timeout: 0 })
    try {
      const busy = (await connection.execute('PRAGMA wal_checkpoint(TRUNCATE)')).rows[0]?.[0]
      return Number(busy) === 0
    } finally {
      connection.close()
    }
  } catch {
    return false
  }
}

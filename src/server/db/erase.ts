import { createClient } from '@libsql/client'
import { type Database, databaseFile } from './client'

/**
 * After deleting personal data from the embedded file (whose writes zero what they free, see
 * overwriting-client.ts): copies the write-ahead log into the file and empties it (a `TRUNCATE`
 * checkpoint), so no earlier copy of the deleted pages stays in the log on disk. On a connection of its
 * own that never waits for a lock: one still reading an older snapshot (a backup being made) stops the
 * checkpoint where it is, and the log's old frames then go as it is reused. The pool's connections wait
 * for locks, and the embedded driver waits synchronously, which would stop this process for as long.
 * Whether the log was emptied; never fails.
 */
export async function emptyWriteAheadLog(db: Database): Promise<boolean> {
  const file = databaseFile(db)
  if (!file) return false
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

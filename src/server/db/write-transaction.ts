import { retryWhileBusy } from './busy-retry'
import type { Database } from './client'

export type WriteTx = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * A transaction that takes the write lock when it begins (BEGIN IMMEDIATE). A deferred one would start
 * as a reader and fail with SQLITE_BUSY when it tries to write after another writer committed; this
 * one waits its turn with the connection's busy timeout instead. On a libSQL server, one refused as busy
 * all the same is run again from the start (`work` touches only the database, which kept nothing of it).
 */
export function writeTransaction<T>(db: Database, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  const run = () => db.transaction(work, { behavior: 'immediate' })
  return db.$client.protocol === 'file' ? run() : retryWhileBusy(run)
}

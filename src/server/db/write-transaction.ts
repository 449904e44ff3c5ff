import type { Database } from './client'

export type WriteTx = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * A transaction that takes the write lock when it begins (BEGIN IMMEDIATE). A deferred one would start
 * as a reader and fail with SQLITE_BUSY when it tries to write after another writer committed; this
 * one waits its turn with the connection's busy timeout instead.
 */
export function writeTransaction<T>(db: Database, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  return db.transaction(work, { behavior: 'immediate' })
}

import { retryWhileBusy } from './busy-retry'
import type { Database } from './client'

export type WriteTx = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * The ORM rolls back after a failed statement, but SQLite has already ended a transaction that failed
 * for a full disk or an I/O error, so the rollback throws TRANSACTION_CLOSED in place of the real reason.
 */
const isClosedTransaction = (error: unknown) =>
  error instanceof Error && (error as { code?: unknown }).code === 'TRANSACTION_CLOSED'

/**
 * A transaction that takes the write lock when it begins (BEGIN IMMEDIATE). A deferred one would start
 * as a reader and fail with SQLITE_BUSY when it tries to write after another writer committed; this
 * one waits its turn with the connection's busy timeout instead. On a libSQL server, one refused as busy
 * all the same is run again from the start (`work` touches only the database, which kept nothing of it).
 * What failed inside it is what it throws (a full disk answers 507), not the rollback after.
 */
export function writeTransaction<T>(db: Database, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  const run = async () => {
    let failure: { error: unknown } | null = null
    try {
      return await db.transaction(
        (tx) =>
          work(tx).catch((error: unknown) => {
            failure = { error }
            throw error
          }),
        { behavior: 'immediate' },
      )
    } catch (error) {
      throw failure && isClosedTransaction(error) ? (failure as { error: unknown }).error : error
    }
  }
  return db.$client.protocol === 'file' ? run() : retryWhileBusy(run)
}

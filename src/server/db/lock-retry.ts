/**
 * What another process holding the write lock looks like: the embedded file's busy timeout ran out, or a
 * libSQL server took the lock back from a transaction that held it too long while others waited.
 */
const CONTENTION = /SQLITE_BUSY|database is locked|TRANSACTION_TIMEOUT|STREAM_EXPIRED/

export const isLockContention = (error: unknown): boolean =>
  CONTENTION.test(String(error)) ||
  (typeof error === 'object' && error !== null && 'code' in error && CONTENTION.test(String(error.code))) ||
  (error instanceof Error && error.cause !== undefined && isLockContention(error.cause))

const RETRY_PAUSE_MS = 50

/**
 * Runs `work` again while it loses to other processes' writes, for the start-up steps that many processes
 * may run at once (migrations, seeding); `work` must be a whole transaction, so a retry starts over.
 */
export async function retryWhileLocked<T>(work: () => Promise<T>, patienceMs = 60_000): Promise<T> {
  const deadline = Date.now() + patienceMs
  for (;;) {
    try {
      return await work()
    } catch (error) {
      if (!isLockContention(error) || Date.now() > deadline) throw error
      await Bun.sleep(RETRY_PAUSE_MS + Math.random() * RETRY_PAUSE_MS)
    }
  }
}

import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { appSettings } from '../db/schema'
import { type WriteTx, writeTransaction } from '../db/write-transaction'

const KEY = 'content_version'
const CHECK_INTERVAL_MS = 1000

/**
 * A value that changes whenever what the public sees changes; the caches of public pages and blog reads
 * keep an entry only while it is current. A write here is seen at once by this process; writes by other
 * processes sharing the database are seen within a second (the row is read at most once a second).
 */
export function createContentVersion(db: Database, clock: () => number = Date.now) {
  let value = ''
  let checkedAt = -Infinity
  let pending: Promise<string> | null = null
  /** Counts this process's commits, so a read that started before one cannot undo it. */
  let commits = 0

  async function read(): Promise<string> {
    const startedAt = commits
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY))
    if (commits === startedAt) {
      value = row?.value ?? '0'
      checkedAt = clock()
    }
    return value
  }

  return {
    async current(): Promise<string> {
      if (clock() - checkedAt < CHECK_INTERVAL_MS) return value
      pending ??= read().finally(() => {
        pending = null
      })
      return pending
    },

    /**
     * The write transaction of every content writer. `work` calls `changed()` when its write alters what
     * the public sees; the new version is then stored in the same transaction, so content and version
     * commit together or not at all, and no writer can forget it.
     */
    async write<T>(work: (tx: WriteTx, changed: () => void) => Promise<T>): Promise<T> {
      let next: string | null = null
      const result = await writeTransaction(db, async (tx) => {
        let publicChange = false
        const outcome = await work(tx, () => {
          publicChange = true
        })
        if (publicChange) {
          next = `${clock()}-${Math.random().toString(36).slice(2, 8)}`
          const updatedAt = new Date(clock())
          await tx
            .insert(appSettings)
            .values({ key: KEY, value: next, updatedAt })
            .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt } })
        }
        return outcome
      })
      if (next !== null) {
        commits++
        value = next
        checkedAt = clock()
      }
      return result
    },
  }
}

export type ContentVersion = ReturnType<typeof createContentVersion>

/** What a cache needs of the version: only to read it. */
export type CurrentContentVersion = Pick<ContentVersion, 'current'>

import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { appSettings, jobs, posts } from '../db/schema'
import { type WriteTx, writeTransaction } from '../db/write-transaction'

const KEY = 'content_version'
const CHECK_INTERVAL_MS = 1000

/**
 * A value that changes whenever what the public sees changes; the caches of public pages and blog reads
 * keep an entry only while it is current. A write here is seen at once by this process; writes by other
 * processes sharing the database are seen within a second (the row is read at most once a second); a
 * scheduled post coming due, or an active job's closing date passing, changes it at that moment, in every
 * process, with no write.
 */
export function createContentVersion(db: Database, clock: () => number = Date.now) {
  let value = ''
  let checkedAt = -Infinity
  /** When the next scheduled post goes public or the next job closes: the version changes then, with no write at all. */
  let nextDueAt = Infinity
  /** The read in flight, and how many commits it started after: a read older than a commit is not joined. */
  let pending: { read: Promise<string>; commits: number } | null = null
  /** Counts this process's commits, so a read that started before one cannot undo it. */
  let commits = 0

  async function read(): Promise<string> {
    const startedAt = commits
    const now = new Date(clock())
    const published = eq(posts.status, 'published')
    const [[row], [schedule], [closing]] = await Promise.all([
      db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY)),
      db
        .select({
          lastDue: sql<
            number | null
          >`max(CASE WHEN ${posts.publishedAt} <= ${now.getTime()} THEN ${posts.publishedAt} END)`,
          nextDue: sql<
            number | null
          >`min(CASE WHEN ${posts.publishedAt} > ${now.getTime()} THEN ${posts.publishedAt} END)`,
        })
        .from(posts)
        .where(published),
      // A job is open through its closing moment and closed from the next millisecond.
      db
        .select({
          lastClosed: sql<
            number | null
          >`max(CASE WHEN ${jobs.validThrough} < ${now.getTime()} THEN ${jobs.validThrough} END)`,
          nextClose: sql<
            number | null
          >`min(CASE WHEN ${jobs.validThrough} >= ${now.getTime()} THEN ${jobs.validThrough} + 1 END)`,
        })
        .from(jobs)
        .where(eq(jobs.status, 'active')),
    ])
    if (commits === startedAt) {
      // The newest post that has gone public and the newest job that has closed are part of the version:
      // either one happening turns every cache over.
      value = `${row?.value ?? '0'}|${schedule?.lastDue ?? 0}|${closing?.lastClosed ?? 0}`
      nextDueAt = Math.min(schedule?.nextDue ?? Infinity, closing?.nextClose ?? Infinity)
      checkedAt = clock()
    }
    return value
  }

  return {
    async current(): Promise<string> {
      const now = clock()
      if (now - checkedAt < CHECK_INTERVAL_MS && now < nextDueAt) return value
      if (pending?.commits !== commits) {
        const started = read().finally(() => {
          if (pending?.read === started) pending = null
        })
        pending = { read: started, commits }
      }
      return pending.read
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
        // Read again on the next look: the new version, and the schedule the write may have changed.
        commits++
        checkedAt = -Infinity
      }
      return result
    },
  }
}

export type ContentVersion = ReturnType<typeof createContentVersion>

/** What a cache needs of the version: only to read it. */
export type CurrentContentVersion = Pick<ContentVersion, 'current'>

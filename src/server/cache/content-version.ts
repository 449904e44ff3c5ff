import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { isDatabaseUnreachable } from '../db/errors'
import { appSettings, events, jobs, posts } from '../db/schema'
import { type WriteTx, writeTransaction } from '../db/write-transaction'

const KEY = 'content_version'
const CHECK_INTERVAL_MS = 1000

/** Told when the version cannot be read because the database is unreachable, and when it can again. */
export interface OutageEvents {
  unreachable(error: unknown): void
  reachable(): void
}

/**
 * A value that changes whenever what the public sees changes; the caches of public pages and blog reads
 * keep an entry only while it is current. A write here is seen at once by this process; writes by other
 * processes sharing the database are seen within a second (the row is read at most once a second); a
 * scheduled post coming due, an active job's closing date passing, or an event starting or ending changes it at
 * that moment, in every process, with no write.
 *
 * While the database cannot be reached, the last version read stays current (and `stale()` says so), so
 * the caches keep answering with what they hold, at once; the database is asked again at most once a
 * second, behind the requests.
 */
export function createContentVersion(db: Database, clock: () => number = Date.now, outage?: OutageEvents) {
  let value = ''
  /** Whether a version was ever read: without one there is nothing to fall back on. */
  let known = false
  let unreachable = false
  let checkedAt = -Infinity
  /** When the next scheduled post goes public, job closes or event starts or ends: the version changes then, with no write. */
  let nextDueAt = Infinity
  /** The read in flight, and how many commits it started after: a read older than a commit is not joined. */
  let pending: { read: Promise<string>; commits: number } | null = null
  /** Counts this process's commits, so a read that started before one cannot undo it. */
  let commits = 0

  /** The stored version row and the publishing schedule, as the database has them now. */
  async function fetchVersion() {
    const now = new Date(clock())
    const published = eq(posts.status, 'published')
    const [[row], [schedule], [closing], [happening]] = await Promise.all([
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
      // An event page says "happening now" from its start and "ended" from its end.
      db
        .select({
          lastStarted: sql<
            number | null
          >`max(CASE WHEN ${events.startsAt} <= ${now.getTime()} THEN ${events.startsAt} END)`,
          lastEnded: sql<number | null>`max(CASE WHEN ${events.endsAt} <= ${now.getTime()} THEN ${events.endsAt} END)`,
          nextStart: sql<
            number | null
          >`min(CASE WHEN ${events.startsAt} > ${now.getTime()} THEN ${events.startsAt} END)`,
          nextEnd: sql<number | null>`min(CASE WHEN ${events.endsAt} > ${now.getTime()} THEN ${events.endsAt} END)`,
        })
        .from(events),
    ])
    return { row, schedule, closing, happening }
  }

  /** The database answered (with the version, or with an error of its own): it is in reach. */
  function answered() {
    if (unreachable) outage?.reachable()
    unreachable = false
  }

  async function read(): Promise<string> {
    const startedAt = commits
    let fetched: Awaited<ReturnType<typeof fetchVersion>>
    try {
      fetched = await fetchVersion()
    } catch (error) {
      if (!isDatabaseUnreachable(error)) answered()
      else if (known) {
        // Asked again in a second, not by every request meanwhile.
        checkedAt = clock()
        if (!unreachable) outage?.unreachable(error)
        unreachable = true
        return value
      }
      throw error
    }
    answered()
    if (commits === startedAt) {
      const { row, schedule, closing, happening } = fetched
      // The newest post that has gone public, job that has closed and event that has started or ended are
      // part of the version: any of them happening turns every cache over.
      value = `${row?.value ?? '0'}|${schedule?.lastDue ?? 0}|${closing?.lastClosed ?? 0}|${happening?.lastStarted ?? 0}|${happening?.lastEnded ?? 0}`
      nextDueAt = Math.min(
        schedule?.nextDue ?? Infinity,
        closing?.nextClose ?? Infinity,
        happening?.nextStart ?? Infinity,
        happening?.nextEnd ?? Infinity,
      )
      checkedAt = clock()
      known = true
    }
    return value
  }

  const fresh = (now: number) => now - checkedAt < CHECK_INTERVAL_MS && now < nextDueAt

  return {
    /** The version when it is known to be current without asking the database; otherwise null. */
    known(): string | null {
      return fresh(clock()) ? value : null
    },
    async current(): Promise<string> {
      if (fresh(clock())) return value
      if (pending?.commits !== commits) {
        const started = read().finally(() => {
          if (pending?.read === started) pending = null
        })
        pending = { read: started, commits }
      }
      // While the database is out of reach, the last version answers at once (a frozen server would hold
      // every request for the whole timeout); the check goes on behind it, and its failure is its own.
      if (unreachable) {
        pending.read.catch(() => undefined)
        return value
      }
      return pending.read
    },

    /**
     * Takes a version the main thread has just read as current, for a second: a render thread is told it
     * with every page it renders for the main thread's page cache, so the data it reads is never older
     * than the version the page is kept under (its own look at the database could be up to a second late).
     */
    adopt(current: string): void {
      value = current
      known = true
      checkedAt = clock()
      // A look of its own still under way may have begun before the write this version includes: it must
      // not put the older value back when it ends.
      commits++
      pending = null
    },

    /** Whether the database could not be reached at the last look, so `current()` is the last version known. */
    stale: () => unreachable,

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

/**
 * What a cache needs of the version: to read it (at once, when it can), and (to say so in the log) whether
 * it is the last one known.
 */
export type CurrentContentVersion = Pick<ContentVersion, 'current' | 'known'> & Partial<Pick<ContentVersion, 'stale'>>

import { lt } from 'drizzle-orm'
import { type Database, isReplica } from '../db/client'
import { isDatabaseUnreachable } from '../db/errors'
import { appSettings, contentChanges } from '../db/schema'
import { isUnconfirmedWrite } from '../db/unconfirmed-writes'
import { type WriteTx, writeTransaction } from '../db/write-transaction'
import { createChangeLog } from './change-log'
import { EVERY_KEY, keyList, SURROGATE_KEYS } from './surrogate-keys'
import { readVersionState, VERSION_KEY } from './version-state'

/** How long another process's write may take to be seen here (the version row is read at most this often). */
export const CHECK_INTERVAL_MS = 1000
/** Rows kept in `content_changes`: far more than any process remembers (change-log.ts). */
const CHANGES_KEPT = 2000

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
export function createContentVersion(
  db: Database,
  clock: () => number = Date.now,
  outage?: OutageEvents,
  {
    onChange,
    readsChanges = true,
  }: {
    /** Told the keys of each change this process commits, after the commit (a caching proxy's purge). */
    onChange?: (keys: string[]) => void
    /**
     * False for a version told the current one by another (a render thread's, `adopt`): it cannot say what
     * changed since a point, so nothing relying on that (an outage's stand-in reads) trusts it.
     */
    readsChanges?: boolean
  } = {},
) {
  let value = ''
  const replica = isReplica(db)
  /** Where the page cache stands (`pages()`): one object, refreshed when asked (asked on every cached answer). */
  const pageState = { epoch: 0, change: -1 }
  /** The keyed changes read so far, for the page cache (surrogate-keys.ts). */
  const log = createChangeLog()
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
  /** Reads started, and the newest one applied: a read older than one applied is not (reads may overlap). */
  let [reads, applied] = [0, 0]

  /** The database answered (with the version, or with an error of its own): it is in reach. */
  function answered() {
    if (unreachable) outage?.reachable()
    unreachable = false
  }

  async function read(): Promise<string> {
    const startedAt = commits
    const seq = ++reads
    let fetched: Awaited<ReturnType<typeof readVersionState>>
    try {
      // A local replica is brought up to date first (a second at most): other processes' writes are then
      // seen here within the check interval, as on one database.
      if (replica) await db.$client.sync()
      fetched = await readVersionState(db, log.latest(), new Date(clock()))
    } catch (error) {
      // A newer read has already answered: this one's failure says nothing of the database now.
      if (seq < applied) return value
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
    if (seq <= applied) return value
    applied = seq
    const { row, changes, schedule, closing, happening } = fetched
    const stored = row?.value ?? '0'
    // The keys logged only ever grow: taken even from a read a commit of this process overtook (the next
    // request reads again), so what another process changed is known here at once.
    log.read({ ...changes, version: stored })
    // A scheduled post came due (or a job closed, an event began or ended) with no write to name it.
    if (known && fetched.at >= nextDueAt) log.turnOver()
    if (commits === startedAt) {
      // The newest post that has gone public, job that has closed and event that has started or ended are
      // part of the version: any of them happening turns every cache over.
      const scheduled = `${schedule?.lastDue ?? 0}|${closing?.lastClosed ?? 0}|${happening?.lastStarted ?? 0}|${happening?.lastEnded ?? 0}`
      value = `${stored}|${scheduled}`
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

  /** Starts a read, which requests join until it ends (or a commit or a newer read overtakes it). */
  function start(): Promise<string> {
    const started = read().finally(() => {
      if (pending?.read === started) pending = null
    })
    pending = { read: started, commits }
    return started
  }

  /**
   * While the database is out of reach, the last version answers at once (a frozen server would hold every
   * request for the whole timeout); the check goes on behind it, and its failure is its own.
   */
  function answer(read: Promise<string>): Promise<string> {
    if (!unreachable) return read
    read.catch(() => undefined)
    return Promise.resolve(value)
  }

  return {
    /** The version when it is known to be current without asking the database; otherwise null. */
    known(): string | null {
      return fresh(clock()) ? value : null
    },
    async current(): Promise<string> {
      if (fresh(clock())) return value
      return answer(pending?.commits === commits ? pending.read : start())
    },

    /**
     * The version as the database has it now, from a read that starts now (a caching proxy fetching a page
     * after a purge must not get it from a process that has not yet looked: proxy-purge.ts). It overtakes
     * the reads under way, which are no longer joined and are not applied when they end after it.
     */
    async refresh(): Promise<string> {
      const before = commits
      const read = await answer(start())
      // A commit of this process overtook it: its version may be older than that commit, so once more.
      return commits === before ? read : answer(start())
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

    /** Where the page cache stands: pages made in another epoch, or showing a key changed since, are not current. */
    pages: () => {
      pageState.epoch = log.epoch()
      pageState.change = log.latest()
      return pageState
    },
    changedSince: (since: number) => (readsChanges ? log.changedSince(since) : null),
    /** When the version next changes with no write (a scheduled post, a job closing, an event's start or end). */
    nextDue: () => nextDueAt,

    /**
     * The write transaction of every content writer. `work` calls `changed(keys)` when its write alters
     * what the public sees, naming what it altered (surrogate-keys.ts; no keys for everything); the new
     * version and the keys are then stored in the same transaction, so content and version commit together
     * or not at all, and no writer can forget it.
     */
    async write<T>(work: (tx: WriteTx, changed: (keys?: Iterable<string>) => void) => Promise<T>): Promise<T> {
      let next: string | null = null
      let affected: Set<string> | null = null
      const committed = () => {
        if (next === null) return
        // Read again on the next look: the new version, the keys, and the schedule the write may have changed.
        commits++
        checkedAt = -Infinity
        if (affected) onChange?.(keyList(affected))
      }
      const result = await writeTransaction(db, async (tx) => {
        // A transaction run again (busy-retry) starts from nothing.
        const keys = new Set<string>()
        let publicChange = false
        const outcome = await work(tx, (named) => {
          publicChange = true
          if (named === undefined) keys.add(EVERY_KEY)
          else for (const key of named) keys.add(key)
        })
        if (publicChange) {
          next = `${clock()}-${Math.random().toString(36).slice(2, 8)}`
          const updatedAt = new Date(clock())
          await tx
            .insert(appSettings)
            .values({ key: VERSION_KEY, value: next, updatedAt })
            .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt } })
          // Every change reaches the feeds and may change what a search finds.
          if (!keys.has(EVERY_KEY)) keys.add(SURROGATE_KEYS.feeds).add(SURROGATE_KEYS.search)
          const logged = keys.has(EVERY_KEY) ? EVERY_KEY : keyList(keys).join(' ')
          const [row] = await tx
            .insert(contentChanges)
            .values({ version: next, keys: logged, changedAt: updatedAt })
            .returning({ id: contentChanges.id })
          await tx.delete(contentChanges).where(lt(contentChanges.id, row!.id - CHANGES_KEPT))
          affected = keys
        }
        return outcome
      }).catch((error: unknown) => {
        // It may have committed: its pages are purged as if it had (a purge too many costs one render).
        if (isUnconfirmedWrite(error)) committed()
        throw error
      })
      committed()
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

/** What the page cache needs besides: which pages a change reached, and when the next change comes with no write. */
export type PageContentVersion = CurrentContentVersion &
  Pick<ContentVersion, 'pages' | 'changedSince' | 'refresh'> &
  Partial<Pick<ContentVersion, 'nextDue'>>

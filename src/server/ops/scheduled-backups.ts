import { join } from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database, DatabaseOptions } from '../db/client'
import { appSettings } from '../db/schema'
import { errorFields } from '../observability/error-fields'
import type { Logger } from '../observability/logger'
import { recordBackup } from '../observability/metrics'
import { type BackupResult, backupFileName, backupOffThread, pruneBackups } from './backup'
import { syncOffsite } from './offsite-backups'
import type { OffsiteStore } from './offsite-store'
import { renewOnTimer } from './renew-on-timer'

/** When the next backup is due (ms since the epoch), shared by every process on the database. */
const NEXT_KEY = 'backup_next_at'
/** When the last backup (and the last off-site copy) was made by any process: every process's metrics say it. */
export const LAST_KEY = 'backup_last_success_at'
export const LAST_OFFSITE_KEY = 'backup_offsite_last_success_at'
/**
 * How long a claim holds unless renewed: the process making the backup renews it every third of this while
 * the backup runs (a large database takes longer), so another process takes over only from one that died.
 */
const CLAIM_MS = 30 * 60_000
/** After a failure, the pause before any process tries again. */
const RETRY_AFTER_FAILURE_MS = 10 * 60_000
const CHECK_EVERY_MS = 60_000

export interface ScheduledBackupOptions {
  db: Database
  database: DatabaseOptions
  dir: string
  intervalHours: number
  keep: number
  logger: Logger
  clock?: () => number
  /** How long a claim holds unless renewed (CLAIM_MS; tests shorten it). */
  claimMs?: number
  /** Makes the backup (default: `backupOffThread`; tests slow it down). */
  makeBackup?: (database: DatabaseOptions, file: string) => Promise<BackupResult>
  /** Where each new backup is also sent (BACKUP_S3_URL), with the same `keep`; null or absent: local only. */
  offsite?: OffsiteStore | null
  /** Runs `check` every `everyMs` until the returned stop is called (default a timer; tests tick it). */
  every?: (check: () => Promise<void>, everyMs: number) => () => void
}

const everyOnTimer = (check: () => Promise<void>, everyMs: number) => {
  const timer = setInterval(check, everyMs)
  return () => clearInterval(timer)
}

/**
 * Backs the database up every `intervalHours`, by whichever of the processes sharing it claims the backup
 * first: claiming moves the shared due time forward in one statement, so of several processes exactly
 * one wins, and a process that died mid-backup is replaced once its claim runs out. Within a process a
 * backup never starts while one is still running. Only this site's own backup files are pruned. With an
 * off-site store, each run then sends the backups the bucket lacks and expires its old ones there.
 */
export function startScheduledBackups(options: ScheduledBackupOptions) {
  const {
    db,
    logger,
    clock = Date.now,
    claimMs = CLAIM_MS,
    makeBackup = backupOffThread,
    every = everyOnTimer,
  } = options
  const intervalMs = options.intervalHours * 3_600_000
  let running: Promise<void> | null = null

  /**
   * Moves the due time from a value this process set (`owned`) to `value`: true when it was still one of
   * them, so the claim was still this process's.
   */
  async function moveDueTime(owned: string[], value: string): Promise<boolean> {
    const moved = await db
      .update(appSettings)
      .set({ value, updatedAt: new Date(clock()) })
      .where(and(eq(appSettings.key, NEXT_KEY), inArray(appSettings.value, owned)))
      .returning({ key: appSettings.key })
    return moved.length > 0
  }

  /** True for the one process that moved the due time forward: the backup is its to make. */
  async function claim(now: number): Promise<boolean> {
    const claimed = await db
      .insert(appSettings)
      .values({ key: NEXT_KEY, value: String(now + claimMs), updatedAt: new Date(now) })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: String(now + claimMs), updatedAt: new Date(now) },
        setWhere: sql`CAST(${appSettings.value} AS INTEGER) <= ${now}`,
      })
      .returning({ key: appSettings.key })
    return claimed.length > 0
  }

  /**
   * Moves the claim's end on while it is still this process's (its end as last set, or as last tried when
   * the answer to that was lost: a remote server may have applied it). The returned release stops it, waits
   * for a renewal under way, and gives the values the claim's end may have now, or none once it was lost.
   */
  function keepClaim(claimedAt: number) {
    let held: string | null = String(claimedAt + claimMs)
    let tried: string | null = null
    const owned = () => (held === null ? [] : tried === null ? [held] : [held, tried])
    const renew = async () => {
      if (held === null) return
      const next = String(clock() + claimMs)
      const before = owned()
      tried = next
      const kept = await moveDueTime(before, next)
      tried = null
      if (kept) held = next
      else {
        // Lost: the renewals that follow do nothing.
        held = null
        logger.warn('backup claim lost: another process may be making a backup too')
      }
    }
    const renewal = renewOnTimer(renew, claimMs / 3, (error) =>
      logger.error('backup claim renewal failed', errorFields(error)),
    )
    return async (): Promise<string[]> => {
      await renewal.stop()
      return owned()
    }
  }

  /** Sets the next due time, unless the claim was lost meanwhile: the process holding it now sets it. */
  async function finish(release: () => Promise<string[]>, nextAt: number) {
    const owned = await release()
    if (owned.length > 0) await moveDueTime(owned, String(nextAt))
  }

  async function runIfDue() {
    const startedAt = clock()
    if (!(await claim(startedAt))) return
    const release = keepClaim(startedAt)
    try {
      let backup: BackupResult
      try {
        backup = await makeBackup(options.database, join(options.dir, backupFileName(new Date(startedAt))))
      } catch (error) {
        recordBackup('failure')
        logger.error('scheduled backup failed', errorFields(error))
        await finish(release, clock() + RETRY_AFTER_FAILURE_MS)
        return
      }
      await finish(release, startedAt + intervalMs)
      recordBackup('success')
      await noteSuccess(db, LAST_KEY, clock())
      logger.info('backup written', { file: backup.file, bytes: backup.bytes, ms: backup.ms, schema: backup.schema })
      const removed = pruneBackups(options.dir, options.keep)
      if (removed.length > 0) logger.info('old backups deleted', { files: removed })
      // After the claim's end is set: a slow upload holds up no other process's next backup.
      if (options.offsite) {
        const sent = await syncOffsite(options.offsite, options.dir, options.keep, logger)
        if (sent.uploaded.length > 0) await noteSuccess(db, LAST_OFFSITE_KEY, clock())
      }
    } finally {
      await release()
    }
  }

  const check = () => {
    running ??= runIfDue()
      .catch((error: unknown) => logger.error('scheduled backup check failed', errorFields(error)))
      .finally(() => {
        running = null
      })
    return running
  }
  const stopChecking = every(check, Math.min(intervalMs, CHECK_EVERY_MS))
  void check()
  return {
    /** Stops scheduling and waits for a backup in progress. */
    async stop() {
      stopChecking()
      await running
    },
  }
}

/** Stores when a backup succeeded; a failure to store it is the metrics' loss, never the backup's. */
async function noteSuccess(db: Database, key: string, at: number) {
  const value = String(at)
  await db
    .insert(appSettings)
    .values({ key, value, updatedAt: new Date(at) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date(at) } })
    .catch(() => undefined)
}

/** When the last backup and the last off-site copy succeeded, whichever process made them (ms; null: never). */
export async function lastBackups(db: Database): Promise<{ local: number | null; offsite: number | null }> {
  const rows = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, [LAST_KEY, LAST_OFFSITE_KEY]))
  const at = (key: string) => {
    const found = rows.find((row) => row.key === key)
    return found ? Number(found.value) : null
  }
  return { local: at(LAST_KEY), offsite: at(LAST_OFFSITE_KEY) }
}

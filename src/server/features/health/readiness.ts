import { sql } from 'drizzle-orm'
import { type Database, isDatabaseReachable } from '../../db/client'
import { databaseErrorCode } from '../../db/fault-advice'
import { createMigrationCheck } from '../../db/migration-state'
import { appSettings } from '../../db/schema'

/** A check that takes longer than this fails: a probe must answer within its own timeout. */
const CHECK_TIMEOUT_MS = 2000
/** The row the write check rewrites: a real commit, so a read-only database or a failing disk shows. */
const PROBE_KEY = 'readiness.probe'

export type Readiness = { ready: true } | { ready: false; reason: string; code?: string }

/**
 * Whether this process should be sent traffic: not shutting down, the database answers and takes a
 * write, and its migrations are exactly the ones this code ships (not fewer, not a newer release's).
 */
export function createReadiness(db: Database, draining: () => boolean) {
  const migrations = createMigrationCheck(db)
  const write = () =>
    db
      .insert(appSettings)
      .values({ key: PROBE_KEY, value: 'ok', updatedAt: new Date() })
      .onConflictDoUpdate({ target: appSettings.key, set: { updatedAt: sql`excluded.updated_at` } })

  return async (): Promise<Readiness> => {
    if (draining()) return { ready: false, reason: 'shutting down' }
    if (!(await withTimeout(isDatabaseReachable(db)).catch(() => false)))
      return { ready: false, reason: 'database unreachable' }
    try {
      const state = await withTimeout(migrations())
      if (state.state === 'pending') return { ready: false, reason: `${state.pending} migrations not applied` }
      if (state.state === 'newer')
        return { ready: false, reason: `database has ${state.unknown} migrations newer than this code` }
    } catch (error) {
      return { ready: false, reason: 'migrations could not be read', ...errorCode(error) }
    }
    try {
      await withTimeout(write())
    } catch (error) {
      return { ready: false, reason: 'database not writable', ...errorCode(error) }
    }
    return { ready: true }
  }
}

function withTimeout<T>(work: PromiseLike<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`), { code: 'TIMEOUT' })),
      CHECK_TIMEOUT_MS,
    )
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** The driver's code (SQLITE_READONLY, SQLITE_FULL…) tells an operator what is wrong; its message may quote SQL. */
function errorCode(error: unknown): { code?: string } {
  const code = databaseErrorCode(error)
  return code ? { code } : {}
}

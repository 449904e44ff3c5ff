import { and, eq, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { loginFailures, rateLimits } from '../../db/schema'

const MINUTE = 60 * 1000

/**
 * The login limits. A client (an address, or the forwarded one behind TRUST_PROXY) has FREE_FAILURES
 * attempts per window; one more locks it out for FIRST_LOCK_MS, each later lock twice as long up to
 * MAX_LOCK_MS. A success from that client forgets everything about it; a quiet day forgets the locks.
 * Failures from everyone together never block anyone: past PRESSURE_FAILURES in the window, every login
 * waits PRESSURE_DELAY_MS before its password is checked, which slows distributed guessing.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  windowMs: 15 * MINUTE,
  firstLockMs: 15 * MINUTE,
  maxLockMs: 24 * 60 * MINUTE,
  forgetLocksAfterMs: 24 * 60 * MINUTE,
  pressureFailures: 50,
  pressureDelayMs: 1500,
} as const

const PRESSURE_KEY = 'login:failures'

/** `lockedNow`: this attempt is the one that locked the client out (worth one line in the audit log). */
export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number; lockedNow: boolean }

export const lockDurationMs = (lockouts: number) =>
  Math.min(LOGIN_THROTTLE.firstLockMs * 2 ** Math.max(0, lockouts - 1), LOGIN_THROTTLE.maxLockMs)

export function createLoginThrottle(
  db: Database,
  {
    clock = Date.now,
    sleep = (ms: number) => Bun.sleep(ms),
  }: { clock?: () => number; sleep?: (ms: number) => Promise<unknown> } = {},
) {
  const { freeFailures, windowMs, forgetLocksAfterMs } = LOGIN_THROTTLE

  /** Whether failures from everywhere have piled up in the current window. */
  async function underPressure(now: number): Promise<boolean> {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, PRESSURE_KEY))
    return Boolean(row && row.windowStart > now - windowMs && row.count >= LOGIN_THROTTLE.pressureFailures)
  }

  return {
    /**
     * Before the password is checked: counts the attempt (so parallel guesses cannot all slip under the
     * limit), refuses a locked client, locks one that has used its free attempts, and slows everyone
     * down while failures pile up from many addresses.
     */
    async admit(client: string): Promise<Admission> {
      const now = clock()
      const [row] = await db
        .insert(loginFailures)
        .values({ client, failures: 1, lockouts: 0, lockedUntil: 0, updatedAt: now })
        .onConflictDoUpdate({
          target: loginFailures.client,
          set: {
            failures: sql`CASE WHEN ${loginFailures.lockedUntil} > ${now} THEN ${loginFailures.failures}
              WHEN ${loginFailures.updatedAt} <= ${now - windowMs} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
            lockouts: sql`CASE WHEN ${loginFailures.updatedAt} <= ${now - forgetLocksAfterMs} THEN 0
              ELSE ${loginFailures.lockouts} END`,
            updatedAt: now,
          },
        })
        .returning()
      if (row!.lockedUntil > now)
        return { ok: false, retryAfterSeconds: Math.ceil((row!.lockedUntil - now) / 1000), lockedNow: false }
      if (row!.failures > freeFailures) {
        const lockedUntil = now + lockDurationMs(row!.lockouts + 1)
        await db
          .update(loginFailures)
          .set({ failures: 0, lockouts: sql`${loginFailures.lockouts} + 1`, lockedUntil })
          .where(and(eq(loginFailures.client, client), lt(loginFailures.lockedUntil, now + 1)))
        return { ok: false, retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000), lockedNow: true }
      }
      if (await underPressure(now)) await sleep(LOGIN_THROTTLE.pressureDelayMs)
      return { ok: true }
    },

    /** A wrong password: it stays counted for its client, and counts towards the pressure on everyone. */
    async failed(): Promise<void> {
      const now = clock()
      await db
        .insert(rateLimits)
        .values({ key: PRESSURE_KEY, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.windowStart} <= ${now - windowMs} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${now - windowMs} THEN ${now}
              ELSE ${rateLimits.windowStart} END`,
          },
        })
      // Rows of clients quiet for longer than any lock can last are of no more use.
      await db
        .delete(loginFailures)
        .where(and(lt(loginFailures.updatedAt, now - forgetLocksAfterMs), lt(loginFailures.lockedUntil, now)))
    },

    /** The right password: the client starts afresh. */
    async succeeded(client: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.client, client))
    },

    /** `bun run admin:unlock`: every lock and counter goes. Returns how many clients were locked. */
    async unlockAll(): Promise<number> {
      const now = clock()
      const locked = await db
        .delete(loginFailures)
        .returning({ lockedUntil: loginFailures.lockedUntil })
        .then((rows) => rows.filter((row) => row.lockedUntil > now).length)
      await db.delete(rateLimits).where(eq(rateLimits.key, PRESSURE_KEY))
      return locked
    },
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>

import { and, eq, inArray, like, lt, or, sql } from 'drizzle-orm'
import { OWNER_ID } from '../../../shared/staff'
import type { Database } from '../../db/client'
import { loginFailures, rateLimits, twoFactor } from '../../db/schema'
import { bookkeepingMethods } from '../../db/unconfirmed-writes'
import { clientNetwork, LIMIT_IPV6_PREFIX_DEFAULT } from '../../http/client-network'

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
  /** Failed sign-ins written to the audit log per window; past it only the pressure event is (no flood). */
  auditedFailures: 20,
  /**
   * Wrong authenticator codes after the right password, from everyone, per window: past it, codes are
   * refused until the window ends (recovery codes still work). Whoever gets here has the password.
   */
  codeFailures: 10,
} as const

const PRESSURE_KEY = 'login:failures'
const CODE_FAILURES_KEY = 'login:code-failures'
/** Each person's wrong codes count apart (the owner's keep the key they had). */
const codeFailuresKey = (personId: number) =>
  personId === OWNER_ID ? CODE_FAILURES_KEY : `${CODE_FAILURES_KEY}:${personId}`

/** `lockedNow`: this attempt is the one that locked the client out (worth one line in the audit log). */
export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number; lockedNow: boolean }

export const lockDurationMs = (lockouts: number) =>
  Math.min(LOGIN_THROTTLE.firstLockMs * 2 ** Math.max(0, lockouts - 1), LOGIN_THROTTLE.maxLockMs)

export function createLoginThrottle(
  db: Database,
  {
    clock = Date.now,
    sleep = (ms: number) => Bun.sleep(ms),
    ipv6Prefix = LIMIT_IPV6_PREFIX_DEFAULT,
  }: { clock?: () => number; sleep?: (ms: number) => Promise<unknown>; ipv6Prefix?: number } = {},
) {
  const networkOf = (address: string) => clientNetwork(address, ipv6Prefix)
  const { freeFailures, windowMs, forgetLocksAfterMs } = LOGIN_THROTTLE

  /** A counter over everyone in the current window (zero when it has passed). */
  async function windowCount(key: string, now: number): Promise<{ count: number; endsAt: number }> {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key))
    return row && row.windowStart > now - windowMs
      ? { count: row.count, endsAt: row.windowStart + windowMs }
      : { count: 0, endsAt: now }
  }

  /** Adds one to a counter over everyone, starting a new window when the last one has passed. */
  async function countOne(key: string, now: number): Promise<{ count: number; endsAt: number }> {
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowStart} <= ${now - windowMs} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${now - windowMs} THEN ${now}
            ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    return { count: row!.count, endsAt: row!.windowStart + windowMs }
  }

  // Its counts are the site's own accounts: a sign-in refused as unavailable after one is a 503 (decision 0048).
  return bookkeepingMethods({
    /**
     * Before the password is checked: counts the attempt (so parallel guesses cannot all slip under the
     * limit), refuses a locked client, locks one that has used its free attempts, and slows everyone
     * down while failures pile up from many addresses.
     */
    async admit(address: string): Promise<Admission> {
      const client = networkOf(address)
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
      if ((await windowCount(PRESSURE_KEY, now)).count >= LOGIN_THROTTLE.pressureFailures)
        await sleep(LOGIN_THROTTLE.pressureDelayMs)
      return { ok: true }
    },

    /**
     * A wrong password or code: it stays counted for its client, and counts towards the pressure on
     * everyone. Returns the failures from everyone in this window, this one included.
     */
    async failed(): Promise<number> {
      const now = clock()
      const { count: failures } = await countOne(PRESSURE_KEY, now)
      // Rows of clients quiet for longer than any lock can last are of no more use.
      await db
        .delete(loginFailures)
        .where(and(lt(loginFailures.updatedAt, now - forgetLocksAfterMs), lt(loginFailures.lockedUntil, now)))
      return failures
    },

    /** Failures from everyone in the current window. */
    failuresInWindow: async () => (await windowCount(PRESSURE_KEY, clock())).count,

    /** Gives a client back the attempt just counted (it proved the password, so it is not guessing it). */
    async forgive(address: string): Promise<void> {
      await db
        .update(loginFailures)
        .set({ failures: sql`MAX(${loginFailures.failures} - 1, 0)` })
        .where(and(eq(loginFailures.client, networkOf(address)), lt(loginFailures.lockedUntil, clock() + 1)))
    },

    /**
     * Before an authenticator code is checked: it counts as wrong until it proves right (a right one clears
     * the count, `succeeded`), so codes sent at once cannot all be checked under the limit. `refusedFor`:
     * seconds until codes are accepted again when this one is past the limit, else 0; `locks`: this one,
     * if wrong, is the one that stops codes for a while.
     */
    async takeCodeAttempt(personId: number = OWNER_ID): Promise<{ refusedFor: number; locks: boolean }> {
      const now = clock()
      const { count, endsAt } = await countOne(codeFailuresKey(personId), now)
      return {
        refusedFor: count > LOGIN_THROTTLE.codeFailures ? Math.ceil((endsAt - now) / 1000) : 0,
        locks: count === LOGIN_THROTTLE.codeFailures,
      }
    },

    /** A wrong recovery code after the right password; true when it is the one that stops codes for a while. */
    async codeFailed(personId: number = OWNER_ID): Promise<boolean> {
      return (await countOne(codeFailuresKey(personId), clock())).count === LOGIN_THROTTLE.codeFailures
    },

    /**
     * The right password. The owner's clears the client's failures, as it always did; anyone else's only
     * gives back the attempt just counted: signing in as oneself must not clear failures against another
     * person. Past their code, that person's wrong codes before were theirs.
     */
    async succeeded(
      address: string,
      { secondFactor, personId = OWNER_ID }: { secondFactor: boolean; personId?: number },
    ): Promise<void> {
      if (personId === OWNER_ID) await db.delete(loginFailures).where(eq(loginFailures.client, networkOf(address)))
      else await this.forgive(address)
      if (secondFactor) await db.delete(rateLimits).where(eq(rateLimits.key, codeFailuresKey(personId)))
    },

    /**
     * `bun run admin:unlock`: every lock and counter goes, authenticator codes stopped after wrong ones too.
     * Returns how many clients were locked.
     */
    async unlockAll(): Promise<number> {
      const now = clock()
      const locked = await db
        .delete(loginFailures)
        .returning({ lockedUntil: loginFailures.lockedUntil })
        .then((rows) => rows.filter((row) => row.lockedUntil > now).length)
      await db
        .delete(rateLimits)
        .where(
          or(
            inArray(rateLimits.key, [PRESSURE_KEY, CODE_FAILURES_KEY]),
            like(rateLimits.key, `${CODE_FAILURES_KEY}:%`),
          ),
        )
      await db.update(twoFactor).set({ failedCodes: 0 })
      return locked
    },
  })
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>

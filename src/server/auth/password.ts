import { and, eq } from 'drizzle-orm'
import { OWNER_ID } from '../../shared/staff'
import type { Database } from '../db/client'
import { appSettings, staff } from '../db/schema'
import { writeTransaction } from '../db/write-transaction'
import { endSessionsOf, requireOpenSession } from './sessions'

const PASSWORD_KEY = 'admin_password_hash'
/** A hash of the last ADMIN_PASSWORD seen at start, to notice when the owner changes it. */
const ENV_PASSWORD_KEY = 'admin_env_password_hash'
/**
 * OWASP's argon2id setting (19 MiB, 2 passes). Bun's default takes 64 MiB per hash, which alone set the
 * server's peak memory. Hashes keep their own parameters, so older ones still verify. Under `bun test`
 * (NODE_ENV=test) the cheapest argon2id: hundreds of tests sign in and none of them tests the cost, which
 * tests/ops/password-cost.test.ts reads off a production start.
 */
const argon2 = () =>
  process.env.NODE_ENV === 'test'
    ? ({ algorithm: 'argon2id', memoryCost: 8, timeCost: 1 } as const)
    : ({ algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const)

/** Whether an argon2 hash was made with less memory or fewer passes than `cost`. */
function hashCostBelow(hash: string, cost: ReturnType<typeof argon2>): boolean {
  const made = /\$m=(\d+),t=(\d+)/.exec(hash)
  return made !== null && (Number(made[1]) < cost.memoryCost || Number(made[2]) < cost.timeCost)
}

export interface AdminPassword {
  /** Constant-time check (argon2id verify) of a login attempt. */
  verify(candidate: string): Promise<boolean>
}

/** A password's argon2id hash at this process's cost (staff passwords; the owner's is stored below). */
export const hashPassword = (password: string) => Bun.password.hash(password, argon2())

/**
 * A person's new password from their own form (the owner's too): stored, and every other session of theirs
 * ended, in one write that finds the session asking still open (decision 0052). Returns how many ended.
 */
export async function replacePassword(
  db: Database,
  { staffId, password, sessionId, now }: { staffId: number; password: string; sessionId: number; now: number },
): Promise<number> {
  const value = await hashPassword(password)
  return writeTransaction(db, async (tx) => {
    await requireOpenSession(tx, sessionId, 'self')
    const updatedAt = new Date(now)
    if (staffId === OWNER_ID)
      await tx
        .insert(appSettings)
        .values({ key: PASSWORD_KEY, value, updatedAt })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt } })
    else await tx.update(staff).set({ passwordHash: value, updatedAt }).where(eq(staff.id, staffId))
    return endSessionsOf(tx, staffId, sessionId)
  })
}

export function generatePassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64url')
}

export async function storePasswordHash(db: Database, password: string, now = Date.now()) {
  const value = await Bun.password.hash(password, argon2())
  await db
    .insert(appSettings)
    .values({ key: PASSWORD_KEY, value, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date(now) } })
}

const storedValue = async (db: Pick<Database, 'select'>, key: string) =>
  (await db.select().from(appSettings).where(eq(appSettings.key, key)))[0]?.value

/**
 * The owner's password, always the hash stored in the database. ADMIN_PASSWORD is the owner's word:
 * when it differs from the one seen at the last start, it becomes the password and every owner's session is
 * signed out (`onReplaced` is told, for the log); unchanged, a password changed since in the admin stays. Without
 * it, the very first start creates a random password (printed once through `announce`). There is never a
 * default password.
 */
export async function loadAdminPassword(
  db: Database,
  fromEnv: string | undefined,
  announce: (password: string) => void,
  notices: {
    /** ADMIN_PASSWORD replaced a password that was already there, and every session was signed out. */
    onReplaced?: () => void
    /** ADMIN_PASSWORD is unchanged but is no longer the password (changed since in the admin or by command). */
    onOverriddenSince?: () => void
  } = {},
): Promise<AdminPassword> {
  if (fromEnv) {
    const seen = await storedValue(db, ENV_PASSWORD_KEY)
    if (!seen || !(await Bun.password.verify(fromEnv, seen))) {
      const value = await Bun.password.hash(fromEnv, argon2())
      const replaced = await writeTransaction(db, async (tx) => {
        // Processes starting together with a new ADMIN_PASSWORD: the first stores it, the others find it stored.
        const seenNow = await storedValue(tx, ENV_PASSWORD_KEY)
        if (seenNow && seenNow !== seen && (await Bun.password.verify(fromEnv, seenNow))) return false
        const before = await storedValue(tx, PASSWORD_KEY)
        for (const key of [PASSWORD_KEY, ENV_PASSWORD_KEY])
          await tx
            .insert(appSettings)
            .values({ key, value, updatedAt: new Date() })
            .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } })
        await endSessionsOf(tx, OWNER_ID)
        return before !== undefined
      })
      if (replaced) notices.onReplaced?.()
    } else {
      const current = await storedValue(db, PASSWORD_KEY)
      // The hash ADMIN_PASSWORD stored is the one just verified: a second argon2 check would add to every start.
      if (current && current !== seen && !(await Bun.password.verify(fromEnv, current))) notices.onOverriddenSince?.()
    }
  } else if (!(await storedValue(db, PASSWORD_KEY))) {
    const password = generatePassword()
    const value = await Bun.password.hash(password, argon2())
    // Several processes may start together on one database: only the one whose row lands announces.
    const inserted = await db
      .insert(appSettings)
      .values({ key: PASSWORD_KEY, value, updatedAt: new Date() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key })
    if (inserted.length > 0) announce(password)
  }
  // Read on each login so a change (`bun run admin:password`, the admin's own form) takes effect at once.
  return {
    async verify(candidate) {
      const hash = await storedValue(db, PASSWORD_KEY)
      if (!hash || !(await Bun.password.verify(candidate, hash))) return false
      // A hash made at a lower cost (a start with NODE_ENV=test by mistake) is made again at this one, unless
      // the password was changed meanwhile: the old one must not come back.
      if (hashCostBelow(hash, argon2())) {
        const value = await Bun.password.hash(candidate, argon2())
        await db
          .update(appSettings)
          .set({ value, updatedAt: new Date() })
          .where(and(eq(appSettings.key, PASSWORD_KEY), eq(appSettings.value, hash)))
      }
      return true
    },
  }
}

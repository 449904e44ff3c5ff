import { and, eq, lt, sql } from 'drizzle-orm'
import { site } from '../../content/site'
import { RECOVERY_CODE_COUNT } from '../../shared/admin-security'
import { OWNER_ID } from '../../shared/staff'
import type { Database } from '../db/client'
import { recoveryCodes, twoFactor } from '../db/schema'
import { writeTransaction } from '../db/write-transaction'
import { loadOnce } from '../process/load-once'
import { requireOpenSession } from './sessions'

const PERIOD_SECONDS = 30
/** One step either side of now: a phone clock a little off, or a code typed as it rolled over. */
const WINDOW_STEPS = 1
/** A pending secret waits this long for its first code, from the session that asked for it... */
export const PENDING_SECRET_TTL_MS = 10 * 60 * 1000
/** ...and takes this many wrong first codes before it is dropped (a new set-up starts over). */
export const PENDING_SECRET_MAX_FAILURES = 5

/** otpauth, imported with the first two-factor step rather than at start (scripts/first-use-packages.ts). */
const otpauth = loadOnce(() => import('otpauth'))

const totpOf = async (secret: string) => {
  const { Secret, TOTP } = await otpauth()
  return new TOTP({
    issuer: site.name,
    label: 'admin',
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })
}

const hashRecoveryCode = (code: string) =>
  new Bun.CryptoHasher('sha256').update(normalizeRecoveryCode(code)).digest('hex')

/** Recovery codes are read back from paper: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

/** Codes of 80 random bits, each as four groups of four base32 characters (xxxx-xxxx-xxxx-xxxx). */
async function newRecoveryCodes(count: number): Promise<string[]> {
  const { Secret } = await otpauth()
  return Array.from({ length: count }, () => new Secret({ size: 10 }).base32.toLowerCase().match(/.{4}/g)!.join('-'))
}

/** What was typed, without the spaces apps show inside codes ("123 456"). */
const compact = (code: string) => code.replace(/\s/g, '')

/** A code as an authenticator app shows it (anything else is taken for a recovery code). */
export const isTotpCode = (code: string) => /^\d{6}$/.test(compact(code))

/**
 * Wrong authenticator codes in a row, from anywhere, past which only a recovery code signs the person in
 * (NIST SP 800-63B: at most 100 consecutive failures). The login limits' windows alone let whoever has the
 * password try some 960 codes a day, every day (decision 0053).
 */
export const CONSECUTIVE_CODE_FAILURES = 100

/**
 * `stopped`: authenticator codes are refused until a recovery code signs in (`now`: this wrong code was the
 * one that stopped them).
 */
export type CodeCheck = { ok: true; recoveryCode: boolean } | { ok: false; stopped?: 'before' | 'now' }

/**
 * One person's TOTP second factor (RFC 6238, through otpauth) and their one-time recovery codes.
 * A TOTP code is accepted once: its time step must be newer than the last one accepted, checked and
 * recorded in one statement so two parallel requests cannot both use it.
 */
export function createTwoFactor(db: Database, clock: () => number = Date.now, staffId: number = OWNER_ID) {
  const mine = eq(recoveryCodes.staffId, staffId)
  const row = async () => (await db.select().from(twoFactor).where(eq(twoFactor.id, staffId)))[0]

  async function saveRow(values: Partial<typeof twoFactor.$inferInsert>) {
    const updatedAt = new Date(clock())
    await db
      .insert(twoFactor)
      .values({ id: staffId, updatedAt, ...values })
      .onConflictDoUpdate({ target: twoFactor.id, set: { ...values, updatedAt } })
  }

  /** Drops the pending secret of this session (the set-up was cancelled, or guessed at). */
  async function cancelSetup(sessionId: number): Promise<void> {
    await db
      .update(twoFactor)
      .set({ pendingSecret: null, pendingSessionId: null, pendingCreatedAt: null, pendingFailures: 0 })
      .where(and(eq(twoFactor.id, staffId), eq(twoFactor.pendingSessionId, sessionId)))
  }

  /** The time step the code belongs to, or null when it is not valid around now. */
  async function stepOf(secret: string, code: string): Promise<number | null> {
    const totp = await totpOf(secret)
    const timestamp = clock()
    const delta = totp.validate({ token: code, timestamp, window: WINDOW_STEPS })
    return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta
  }

  /** Records the step as used unless it (or a later one) already was; a right code starts the wrong ones over. */
  async function claimStep(step: number): Promise<boolean> {
    const claimed = await db
      .update(twoFactor)
      .set({ lastStep: step, failedCodes: 0 })
      .where(and(eq(twoFactor.id, staffId), lt(twoFactor.lastStep, step)))
      .returning({ id: twoFactor.id })
    return claimed.length > 0
  }

  return {
    async enabled(): Promise<boolean> {
      return Boolean((await row())?.secret)
    },

    /**
     * A new secret waiting for its first code from this session; the active one (if any) is untouched
     * until then.
     */
    async setup(sessionId: number): Promise<{ secret: string; otpauthUrl: string }> {
      const { Secret } = await otpauth()
      const secret = new Secret({ size: 20 }).base32
      await saveRow({
        pendingSecret: secret,
        pendingSessionId: sessionId,
        pendingCreatedAt: clock(),
        pendingFailures: 0,
      })
      return { secret, otpauthUrl: (await totpOf(secret)).toString() }
    },

    cancelSetup,

    /**
     * Turns the pending secret on with its first code, from the session that asked for it and within
     * minutes; returns the new recovery codes, shown once. Wrong codes are counted: a few drop it.
     */
    async enable(
      code: string,
      sessionId: number,
    ): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; reason: 'none' | 'code' | 'dropped' }> {
      const current = await row()
      const pending = current?.pendingSecret
      if (
        !pending ||
        current.pendingSessionId !== sessionId ||
        clock() - (current.pendingCreatedAt ?? 0) > PENDING_SECRET_TTL_MS ||
        current.pendingFailures >= PENDING_SECRET_MAX_FAILURES
      )
        return { ok: false, reason: 'none' }
      const step = await stepOf(pending, compact(code))
      if (step === null) {
        const [counted] = await db
          .update(twoFactor)
          .set({ pendingFailures: sql`${twoFactor.pendingFailures} + 1` })
          .where(and(eq(twoFactor.id, staffId), eq(twoFactor.pendingSecret, pending)))
          .returning({ failures: twoFactor.pendingFailures })
        if ((counted?.failures ?? PENDING_SECRET_MAX_FAILURES) < PENDING_SECRET_MAX_FAILURES)
          return { ok: false, reason: 'code' }
        await cancelSetup(sessionId)
        return { ok: false, reason: 'dropped' }
      }
      const codes = await newRecoveryCodes(RECOVERY_CODE_COUNT)
      const now = new Date(clock())
      const turnedOn = await writeTransaction(db, async (tx) => {
        // Whoever turns it on decides who signs in next: not a session ended since it asked.
        await requireOpenSession(tx, sessionId, 'self')
        const done = await tx
          .update(twoFactor)
          .set({
            secret: pending,
            pendingSecret: null,
            pendingSessionId: null,
            pendingCreatedAt: null,
            pendingFailures: 0,
            lastStep: step,
            updatedAt: now,
          })
          .where(and(eq(twoFactor.id, staffId), eq(twoFactor.pendingSecret, pending)))
          .returning({ id: twoFactor.id })
        if (done.length === 0) return false
        await tx.delete(recoveryCodes).where(mine)
        await tx
          .insert(recoveryCodes)
          .values(codes.map((c) => ({ codeHash: hashRecoveryCode(c), staffId, createdAt: now })))
        return true
      })
      return turnedOn ? { ok: true, recoveryCodes: codes } : { ok: false, reason: 'none' }
    },

    /**
     * A sign-in code: a fresh TOTP code, or an unused recovery code (which is then gone). With two-factor
     * off there is nothing to check and every code fails.
     */
    async verify(code: string): Promise<CodeCheck> {
      const current = await row()
      if (!current?.secret) return { ok: false }
      const typed = compact(code)
      if (isTotpCode(typed)) {
        // Counted as wrong before it is checked (a right one starts the count over as it claims its step), so
        // codes sent at once cannot all be checked under the limit.
        const [counted] = await db
          .update(twoFactor)
          .set({ failedCodes: sql`${twoFactor.failedCodes} + 1` })
          .where(and(eq(twoFactor.id, staffId), lt(twoFactor.failedCodes, CONSECUTIVE_CODE_FAILURES)))
          .returning({ failedCodes: twoFactor.failedCodes })
        if (!counted) return { ok: false, stopped: 'before' }
        const step = await stepOf(current.secret, typed)
        if (step !== null && (await claimStep(step))) return { ok: true, recoveryCode: false }
        return counted.failedCodes === CONSECUTIVE_CODE_FAILURES ? { ok: false, stopped: 'now' } : { ok: false }
      }
      const used = await db
        .delete(recoveryCodes)
        .where(and(mine, eq(recoveryCodes.codeHash, hashRecoveryCode(typed))))
        .returning({ codeHash: recoveryCodes.codeHash })
      if (used.length === 0) return { ok: false }
      await db.update(twoFactor).set({ failedCodes: 0 }).where(eq(twoFactor.id, staffId))
      return { ok: true, recoveryCode: true }
    },

    /** Whether authenticator codes are stopped until a recovery code signs in. */
    async codesStopped(): Promise<boolean> {
      return ((await row())?.failedCodes ?? 0) >= CONSECUTIVE_CODE_FAILURES
    },

    async recoveryCodesLeft(): Promise<number> {
      return (await db.select({ codeHash: recoveryCodes.codeHash }).from(recoveryCodes).where(mine)).length
    },

    /**
     * Turns it off and forgets the secret and the recovery codes; `sessionId`: the person's session asking,
     * which must still be open (none for the operator's `admin:password --disable-2fa`).
     */
    async disable(sessionId?: number): Promise<boolean> {
      return writeTransaction(db, async (tx) => {
        if (sessionId !== undefined) await requireOpenSession(tx, sessionId, 'self')
        const was = await tx.delete(twoFactor).where(eq(twoFactor.id, staffId)).returning({ secret: twoFactor.secret })
        await tx.delete(recoveryCodes).where(mine)
        return was.some((r) => r.secret)
      })
    },
  }
}

export type TwoFactor = ReturnType<typeof createTwoFactor>

import { and, desc, eq, exists, lt, ne, or, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { can, type Permission, type StaffUser } from '../../shared/staff'
import type { Database } from '../db/client'
import { passkeys, sessions, staff, webauthnChallenges } from '../db/schema'
import { bookkeeping } from '../db/unconfirmed-writes'
import { type WriteTx, writeTransaction } from '../db/write-transaction'
import { NoLongerAllowed } from '../http/after-body'
import { hashSecretToken, newSecretToken } from './secret-token'

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000
/** last_seen is written at most this often, so every request is not a database write. */
const TOUCH_INTERVAL_MS = 60 * 1000

const isLive = (row: { createdAt: Date; lastSeenAt: Date }, now: number) =>
  now - row.lastSeenAt.getTime() <= SESSION_IDLE_MS && now - row.createdAt.getTime() <= SESSION_ABSOLUTE_MS

/**
 * What a sign-in found when it began: the person's sign-in generation (read before their password or
 * passkey), and the passkey it signs in with.
 */
export interface SignInBasis {
  generation: number
  passkeyId?: string
}

/**
 * Ends a person's sessions (all, or all but one), or everyone's, and moves their sign-in generation on, in the
 * caller's write: a sign-in already under way (its password checked against the hash it read) then starts no
 * session after this, so a password reset, a suspension or "sign out everywhere" leaves nobody signed in.
 * Returns how many ended.
 */
export async function endSessionsOf(
  tx: WriteTx,
  whose: number | 'everyone',
  exceptSessionId?: number,
): Promise<number> {
  const theirs = (column: SQLiteColumn) => (whose === 'everyone' ? undefined : eq(column, whose))
  await tx
    .update(staff)
    .set({ signInGeneration: sql`${staff.signInGeneration} + 1` })
    .where(theirs(staff.id))
  const ended = await tx
    .delete(sessions)
    .where(and(theirs(sessions.staffId), exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId)))
    .returning({ id: sessions.id })
  // Passkeys asked for from them go too (adding one needs its session: requireOpenSession); all but one
  // session ending, the kept one may be adding one.
  if (exceptSessionId === undefined)
    await tx
      .delete(webauthnChallenges)
      .where(and(theirs(webauthnChallenges.staffId), eq(webauthnChallenges.purpose, 'register')))
  return ended.length
}

/**
 * In a write that adds a way in or a right (a passkey, two-factor, an invitation, a role, an email, a password):
 * the session that asked for it is still open and its person active with a role that has `permission`, else
 * NoLongerAllowed (401 or 403, nothing written). Sessions end, and roles change, in writes of their own, so
 * neither can come between this check and the rest of the write.
 */
export async function requireOpenSession(tx: WriteTx, sessionId: number, permission: Permission): Promise<void> {
  const [open] = await tx
    .select({ role: staff.role })
    .from(sessions)
    .innerJoin(staff, and(eq(staff.id, sessions.staffId), eq(staff.state, 'active')))
    .where(eq(sessions.id, sessionId))
  if (!open) throw new NoLongerAllowed(401)
  if (!can(open.role, permission)) throw new NoLongerAllowed(403)
}

export function createSessionStore(db: Database, clock: () => number = Date.now) {
  return {
    /** A person's sign-in generation now (0 for nobody), to read before their credentials. */
    async generationOf(staffId: number): Promise<number> {
      const [row] = await db.select({ generation: staff.signInGeneration }).from(staff).where(eq(staff.id, staffId))
      return row?.generation ?? 0
    },

    /**
     * A fresh 256-bit token for a person; only its hash is stored, with where it signed in from. Null when,
     * by the time it is written, the person is no longer active, their sessions were ended since the
     * sign-in began, or its passkey was removed: one statement, so no change can come between.
     */
    async create(
      staffId: number,
      origin: { clientAddress: string; userAgent: string },
      basis: SignInBasis,
    ): Promise<string | null> {
      const token = newSecretToken()
      const now = clock()
      const passkeyKept =
        basis.passkeyId === undefined
          ? undefined
          : exists(
              db
                .select({ id: passkeys.id })
                .from(passkeys)
                .where(and(eq(passkeys.id, basis.passkeyId), eq(passkeys.staffId, staffId))),
            )
      const inserted = await db
        .insert(sessions)
        .select(
          db
            .select({
              id: sql<number>`NULL`.as('id'),
              tokenHash: sql<string>`${hashSecretToken(token)}`.as('token_hash'),
              createdAt: sql<number>`${now}`.as('created_at'),
              lastSeenAt: sql<number>`${now}`.as('last_seen_at'),
              clientAddress: sql<string>`${origin.clientAddress.slice(0, 100)}`.as('client_address'),
              userAgent: sql<string>`${origin.userAgent.slice(0, 300)}`.as('user_agent'),
              staffId: staff.id,
            })
            .from(staff)
            .where(
              and(
                eq(staff.id, staffId),
                eq(staff.state, 'active'),
                eq(staff.signInGeneration, basis.generation),
                passkeyKept,
              ),
            ),
        )
        .returning({ id: sessions.id })
      return inserted.length === 1 ? token : null
    },

    /**
     * A live session and whose it is, read on every request so a suspension or a new role counts at once
     * in every process; the session then counts as active again, unless `touch` is false: a request looking
     * again at the session it arrived with (which its arrival kept active) must not fail on a last-seen write,
     * as it would once the primary stopped taking writes while its body came in. Expired ones are deleted.
     */
    async validate(
      token: string | undefined,
      { touch = true }: { touch?: boolean } = {},
    ): Promise<{ sessionId: number; user: StaffUser } | null> {
      if (!token) return null
      const now = clock()
      const [found] = await db
        .select({ session: sessions, user: { id: staff.id, name: staff.name, email: staff.email, role: staff.role } })
        .from(sessions)
        .innerJoin(staff, and(eq(staff.id, sessions.staffId), eq(staff.state, 'active')))
        .where(eq(sessions.tokenHash, hashSecretToken(token)))
      if (!found) return null
      const row = found.session
      if (!isLive(row, now)) {
        await bookkeeping(() => db.delete(sessions).where(eq(sessions.id, row.id)))
        return null
      }
      if (touch && now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
        await bookkeeping(() =>
          db
            .update(sessions)
            .set({ lastSeenAt: new Date(now) })
            .where(eq(sessions.id, row.id)),
        )
      return { sessionId: row.id, user: found.user }
    },

    /** Live sessions with whose they are, the most recently active first: one person's, or everyone's. */
    async list(staffId?: number) {
      const now = clock()
      const rows = await db
        .select({ session: sessions, name: staff.name, email: staff.email })
        .from(sessions)
        .innerJoin(staff, eq(staff.id, sessions.staffId))
        .where(staffId === undefined ? undefined : eq(sessions.staffId, staffId))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      return rows
        .filter((row) => isLive(row.session, now))
        .map((row) => ({ ...row.session, staffName: row.name || row.email }))
    },

    /** Signs one session out; false when it had already ended. */
    async revokeById(id: number): Promise<boolean> {
      return (await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id })).length > 0
    },

    /** Signs every session of that session's person out but the one given; returns how many ended. */
    revokeAllExcept: (id: number, staffId: number): Promise<number> =>
      writeTransaction(db, async (tx) => {
        await requireOpenSession(tx, id, 'self')
        return endSessionsOf(tx, staffId, id)
      }),

    async revoke(token: string | undefined) {
      if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashSecretToken(token)))
    },

    /** Everyone signed out everywhere (`admin:password`, the operator tools). */
    async revokeAll() {
      await writeTransaction(db, (tx) => endSessionsOf(tx, 'everyone'))
    },

    /** Drops sessions that can no longer be used. */
    async prune() {
      const now = clock()
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
            lt(sessions.createdAt, new Date(now - SESSION_ABSOLUTE_MS)),
          ),
        )
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>

/** How long after signing in a session may add a way to sign in (a passkey, two-factor, an email) without the password. */
export const RECENT_SIGN_IN_MS = 15 * 60 * 1000

/** Whether this session of this person signed in within RECENT_SIGN_IN_MS. */
export const signedInRecently =
  (store: SessionStore, clock: () => number) =>
  async (sessionId: number, staffId: number): Promise<boolean> => {
    const current = (await store.list(staffId)).find((row) => row.id === sessionId)
    return current !== undefined && clock() - current.createdAt.getTime() <= RECENT_SIGN_IN_MS
  }

import { and, desc, eq, lt, ne, or } from 'drizzle-orm'
import type { StaffUser } from '../../shared/staff'
import type { Database } from '../db/client'
import { sessions, staff } from '../db/schema'
import { bookkeeping } from '../db/unconfirmed-writes'
import { hashSecretToken, newSecretToken } from './secret-token'

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000
/** last_seen is written at most this often, so every request is not a database write. */
const TOUCH_INTERVAL_MS = 60 * 1000

const isLive = (row: { createdAt: Date; lastSeenAt: Date }, now: number) =>
  now - row.lastSeenAt.getTime() <= SESSION_IDLE_MS && now - row.createdAt.getTime() <= SESSION_ABSOLUTE_MS

export function createSessionStore(db: Database, clock: () => number = Date.now) {
  return {
    /** A fresh 256-bit token for a person; only its hash is stored, with where it signed in from. */
    async create(staffId: number, origin: { clientAddress: string; userAgent: string }): Promise<string> {
      const token = newSecretToken()
      const now = new Date(clock())
      await db.insert(sessions).values({
        tokenHash: hashSecretToken(token),
        staffId,
        createdAt: now,
        lastSeenAt: now,
        clientAddress: origin.clientAddress.slice(0, 100),
        userAgent: origin.userAgent.slice(0, 300),
      })
      return token
    },

    /**
     * A live session and whose it is, read on every request so a suspension or a new role counts at once
     * in every process; the session then counts as active again. Expired ones are deleted.
     */
    async validate(token: string | undefined): Promise<{ sessionId: number; user: StaffUser } | null> {
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
      if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
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
    async revokeAllExcept(id: number, staffId: number): Promise<number> {
      return (
        await db
          .delete(sessions)
          .where(and(ne(sessions.id, id), eq(sessions.staffId, staffId)))
          .returning({ id: sessions.id })
      ).length
    },

    /** Signs one person out everywhere (suspended, removed, their second factor reset). */
    async revokeAllOf(staffId: number) {
      await db.delete(sessions).where(eq(sessions.staffId, staffId))
    },

    async revoke(token: string | undefined) {
      if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashSecretToken(token)))
    },

    async revokeAll() {
      await db.delete(sessions)
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

import { desc, eq, lt, ne, or } from 'drizzle-orm'
import type { Database } from '../db/client'
import { sessions } from '../db/schema'

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000
/** last_seen is written at most this often, so every request is not a database write. */
const TOUCH_INTERVAL_MS = 60 * 1000

const isLive = (row: { createdAt: Date; lastSeenAt: Date }, now: number) =>
  now - row.lastSeenAt.getTime() <= SESSION_IDLE_MS && now - row.createdAt.getTime() <= SESSION_ABSOLUTE_MS

const hashToken = (token: string) => new Bun.CryptoHasher('sha256').update(token).digest('hex')

export function createSessionStore(db: Database, clock: () => number = Date.now) {
  return {
    /** A fresh 256-bit token; only its hash is stored, with where it signed in from. */
    async create(origin: { clientAddress: string; userAgent: string }): Promise<string> {
      const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
      const now = new Date(clock())
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        createdAt: now,
        lastSeenAt: now,
        clientAddress: origin.clientAddress.slice(0, 100),
        userAgent: origin.userAgent.slice(0, 300),
      })
      return token
    },

    /** The id of a live session, which then counts as active again; expired ones are deleted. */
    async validate(token: string | undefined): Promise<number | null> {
      if (!token) return null
      const now = clock()
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
      if (!row) return null
      if (!isLive(row, now)) {
        await db.delete(sessions).where(eq(sessions.id, row.id))
        return null
      }
      if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, row.id))
      return row.id
    },

    /** Live sessions, the most recently active first. */
    async list() {
      const now = clock()
      const rows = await db.select().from(sessions).orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      return rows.filter((row) => isLive(row, now))
    },

    /** Signs one session out; false when it had already ended. */
    async revokeById(id: number): Promise<boolean> {
      return (await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id })).length > 0
    },

    /** Signs every session out but the one given; returns how many ended. */
    async revokeAllExcept(id: number): Promise<number> {
      return (await db.delete(sessions).where(ne(sessions.id, id)).returning({ id: sessions.id })).length
    },

    async revoke(token: string | undefined) {
      if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
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

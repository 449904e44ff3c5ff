import { eq, lt, or } from 'drizzle-orm'
import type { Database } from '../db/client'
import { sessions } from '../db/schema'

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000
/** last_seen is written at most this often, so every request is not a database write. */
const TOUCH_INTERVAL_MS = 60 * 1000

const hashToken = (token: string) => new Bun.CryptoHasher('sha256').update(token).digest('hex')

export function createSessionStore(db: Database, clock: () => number = Date.now) {
  return {
    /** A fresh 256-bit token; only its hash is stored. */
    async create(): Promise<string> {
      const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
      const now = new Date(clock())
      await db.insert(sessions).values({ tokenHash: hashToken(token), createdAt: now, lastSeenAt: now })
      return token
    },

    /** True for a live session, which then counts as active again; expired ones are deleted. */
    async validate(token: string | undefined): Promise<boolean> {
      if (!token) return false
      const now = clock()
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
      if (!row) return false
      if (now - row.lastSeenAt.getTime() > SESSION_IDLE_MS || now - row.createdAt.getTime() > SESSION_ABSOLUTE_MS) {
        await db.delete(sessions).where(eq(sessions.id, row.id))
        return false
      }
      if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, row.id))
      return true
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

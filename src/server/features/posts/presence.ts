import { and, eq, gt, lt, ne } from 'drizzle-orm'
import { PRESENCE_TTL_MS } from '../../../shared/post-version'
import type { Database } from '../../db/client'
import { postPresence, staff } from '../../db/schema'

/** Who else has a post open in the editor: each open editor says so every few seconds, from any process. */
export function createPostPresence(db: Database, clock: () => number = Date.now) {
  return {
    /** Marks this session's editor as open on the post; answers the names of the others who have it open. */
    async here(postId: number, sessionId: number, staffId: number): Promise<string[]> {
      const now = clock()
      await db.delete(postPresence).where(lt(postPresence.seenAt, new Date(now - PRESENCE_TTL_MS)))
      await db
        .insert(postPresence)
        .values({ postId, sessionId, staffId, seenAt: new Date(now) })
        .onConflictDoUpdate({ target: [postPresence.postId, postPresence.sessionId], set: { seenAt: new Date(now) } })
      const others = await db
        .selectDistinct({ name: staff.name, email: staff.email })
        .from(postPresence)
        .innerJoin(staff, eq(staff.id, postPresence.staffId))
        .where(
          and(
            eq(postPresence.postId, postId),
            ne(postPresence.sessionId, sessionId),
            gt(postPresence.seenAt, new Date(now - PRESENCE_TTL_MS)),
          ),
        )
      return [...new Set(others.map((other) => other.name || other.email))]
    },

    /** The editor closed: others stop being told at once. */
    async gone(postId: number, sessionId: number) {
      await db.delete(postPresence).where(and(eq(postPresence.postId, postId), eq(postPresence.sessionId, sessionId)))
    },
  }
}

export type PostPresence = ReturnType<typeof createPostPresence>

import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { posts } from '../../db/schema'
import { isPublicAt } from './service'

/** A post's "Email this post to subscribers" box, as the editor reads it and as a save may change it. */
export function createEmailFlag(db: Database, clock: () => number) {
  return {
    async isOn(id: number): Promise<boolean> {
      const [row] = await db.select({ on: posts.emailSubscribers }).from(posts).where(eq(posts.id, id))
      return row?.on ?? false
    },
    /** A post public already and not marked to be emailed: its moment has passed (an edit never sends). */
    async tooLate(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.id, id), eq(posts.emailSubscribers, false), isPublicAt(clock())))
      return row !== undefined
    },
  }
}

export type EmailFlag = ReturnType<typeof createEmailFlag>

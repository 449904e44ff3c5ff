import { eq } from 'drizzle-orm'
import type { PostDetail } from '../../../shared/blog'
import type { Database } from '../../db/client'
import { newDraftLinkToken, posts } from '../../db/schema'
import { toDetail } from './post-rows'

/** Tokens are 48 lower-case hex characters (newDraftLinkToken); anything else is not looked up. */
const TOKEN_PATTERN = /^[0-9a-f]{48}$/

/**
 * Draft links: the saved post, whatever its status or publication time, for whoever holds the
 * token. Nothing public changes when a token is made or replaced, so no content version write.
 */
export function createDraftLinkService(db: Database) {
  return {
    async byToken(token: string): Promise<PostDetail | null> {
      if (!TOKEN_PATTERN.test(token)) return null
      const [row] = await db.select().from(posts).where(eq(posts.draftLinkToken, token)).limit(1)
      return row ? toDetail(db, row) : null
    },

    async tokenOf(id: number): Promise<string | null> {
      const [row] = await db.select({ token: posts.draftLinkToken }).from(posts).where(eq(posts.id, id))
      return row?.token ?? null
    },

    /** A new token for the post; the old link stops working at once. Null when there is no such post. */
    async regenerate(id: number): Promise<string | null> {
      const [row] = await db
        .update(posts)
        .set({ draftLinkToken: newDraftLinkToken() })
        .where(eq(posts.id, id))
        .returning({ token: posts.draftLinkToken })
      return row?.token ?? null
    },
  }
}

export type DraftLinkService = ReturnType<typeof createDraftLinkService>

import { and, eq, ne } from 'drizzle-orm'
import type { PostStatus } from '../../../shared/blog'
import type { Database } from '../../db/client'
import { postSlugRedirects, posts } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'

/** The address of a post whose title leaves no slug (Japanese, emoji): readable and always free. */
export const fallbackSlug = (id: number) => `post-${id}`

/** A slug that is not a post's now, but redirects to one: whose old address it is. */
export async function redirectOwner(db: Database, slug: string, exceptPostId?: number) {
  const [row] = await db
    .select({ postId: postSlugRedirects.postId, title: posts.title })
    .from(postSlugRedirects)
    .innerJoin(posts, eq(posts.id, postSlugRedirects.postId))
    .where(and(eq(postSlugRedirects.slug, slug), exceptPostId ? ne(postSlugRedirects.postId, exceptPostId) : undefined))
  return row ?? null
}

/**
 * In the save's transaction: a published post that changes its slug keeps its old address as a redirect
 * (older ones already point at the post, so every link ever shared still arrives). The new slug stops
 * redirecting anywhere: it is this post's own again, or the administrator chose to take it over.
 */
export async function recordSlugChange(
  tx: WriteTx,
  postId: number,
  before: { slug: string; status: PostStatus },
  slug: string,
) {
  await tx.delete(postSlugRedirects).where(eq(postSlugRedirects.slug, slug))
  if (before.slug === slug || before.status !== 'published') return
  await tx
    .insert(postSlugRedirects)
    .values({ slug: before.slug, postId })
    .onConflictDoUpdate({ target: postSlugRedirects.slug, set: { postId } })
}

/** Where an old address leads now: the post's id, or null. */
export async function redirectTarget(db: Database, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ postId: postSlugRedirects.postId })
    .from(postSlugRedirects)
    .where(eq(postSlugRedirects.slug, slug))
  return row?.postId ?? null
}

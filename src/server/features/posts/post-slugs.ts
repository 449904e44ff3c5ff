import { and, eq, ne } from 'drizzle-orm'
import type { PostStatus } from '../../../shared/blog'
import { fallbackSlug } from '../../../shared/slug'
import type { Database } from '../../db/client'
import { postSlugRedirects, posts } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'

/**
 * In the save's transaction: the address of a post whose title leaves no slug (Hebrew, Japanese, emoji), readable
 * and free of any post's current or old address.
 */
export function postFallbackSlug(tx: WriteTx, id: number): Promise<string> {
  return fallbackSlug('post', id, async (slug) => {
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.slug, slug), ne(posts.id, id)))
    const [redirect] = await tx
      .select({ postId: postSlugRedirects.postId })
      .from(postSlugRedirects)
      .where(and(eq(postSlugRedirects.slug, slug), ne(postSlugRedirects.postId, id)))
    return Boolean(post || redirect)
  })
}

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
 * In the save's transaction: a public post that changes its slug keeps its old address as a redirect
 * (older ones already point at the post, so every link ever shared still arrives). The new slug stops
 * redirecting anywhere: it is this post's own again, or the administrator chose to take it over.
 */
export async function recordSlugChange(
  tx: WriteTx,
  postId: number,
  before: { slug: string; status: PostStatus; publishedAt: Date | null },
  slug: string,
  now: number,
) {
  await tx.delete(postSlugRedirects).where(eq(postSlugRedirects.slug, slug))
  // Only an address the public could have seen needs to keep working: not a draft's, not a scheduled post's.
  const wasPublic = before.status === 'published' && (before.publishedAt?.getTime() ?? 0) <= now
  if (before.slug === slug || !wasPublic) return
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

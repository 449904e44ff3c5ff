import { eq } from 'drizzle-orm'
import type { PostStatus } from '../../../shared/blog'
import { SURROGATE_KEYS as KEYS, removed } from '../../cache/surrogate-keys'
import { posts, postTags } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'

/** What decides which posts the lists show, and in what order (tag pages and related posts too). */
export interface ListedAs {
  status: PostStatus
  publishedAt: Date | null
  featured: boolean
  authorId: number
  tagIds: number[]
}

const sameMembers = (a: number[], b: number[]) => a.length === b.length && a.every((one) => b.includes(one))

/** Published and due: a post moved to a later date is taken down until then. */
export const isPublicAsOf = (post: Pick<ListedAs, 'status' | 'publishedAt'>, now: number) =>
  post.status === 'published' && (post.publishedAt === null || post.publishedAt.getTime() <= now)

/**
 * The surrogate keys a saved post changes: its own pages and every page showing it, and the lists too when
 * it joins, leaves or moves in them (`removed` when it leaves); none when it was public neither before nor
 * after. A scheduled post still to come counts as not public.
 */
export function postChangeKeys(id: number, before: ListedAs, after: ListedAs, now: number): string[] {
  const isPublic = (post: ListedAs) => isPublicAsOf(post, now)
  if (!isPublic(before) && !isPublic(after)) return []
  const listsMove =
    !isPublic(before) ||
    !isPublic(after) ||
    before.publishedAt?.getTime() !== after.publishedAt?.getTime() ||
    before.featured !== after.featured ||
    before.authorId !== after.authorId ||
    !sameMembers(before.tagIds, after.tagIds)
  const gone = isPublic(before) && !isPublic(after) ? [removed(KEYS.post(id))] : []
  return listsMove ? [KEYS.posts, KEYS.post(id), ...gone] : [KEYS.post(id)]
}

/** The stored post as a save reads it before writing: what it replaces, and how the lists show it now. */
export async function postBeforeSave(tx: WriteTx, id: number) {
  const [row] = await tx
    .select({
      status: posts.status,
      slug: posts.slug,
      publishedAt: posts.publishedAt,
      updatedAt: posts.updatedAt,
      shareImage: posts.shareImage,
      featured: posts.featured,
      authorId: posts.authorId,
      emailSubscribers: posts.emailSubscribers,
    })
    .from(posts)
    .where(eq(posts.id, id))
  if (!row) return null
  const tags = await tx.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, id))
  return { ...row, tagIds: tags.map((tag) => tag.tagId) }
}

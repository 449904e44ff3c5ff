import { and, asc, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { PostInput } from '../../../shared/post-schema'
import {
  type PostRevision,
  type PostRevisionSummary,
  REVISION_FIELDS,
  REVISIONS_KEPT,
  type RevisionField,
} from '../../../shared/revisions'
import type { Database } from '../../db/client'
import { postRevisions, posts, postTags, tags } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'

/** A post as a revision holds it: what the administrator edits, without what is derived from it. */
type Version = Pick<
  typeof postRevisions.$inferSelect,
  'title' | 'slug' | 'excerpt' | 'content' | 'featuredImage' | 'featured' | 'status' | 'publishedAt' | 'tagIds'
>

const versionColumns = {
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  content: posts.content,
  featuredImage: posts.featuredImage,
  featured: posts.featured,
  status: posts.status,
  publishedAt: posts.publishedAt,
}

const sameTags = (a: readonly number[], b: readonly number[]) => {
  const set = new Set(a)
  return set.size === new Set(b).size && b.every((id) => set.has(id))
}

/** The fields in which two versions of a post differ, in REVISION_FIELDS order. */
export function changedFields(older: Version, newer: Version): RevisionField[] {
  return REVISION_FIELDS.filter((field) => {
    if (field === 'tags') return !sameTags(older.tagIds, newer.tagIds)
    if (field === 'publishedAt')
      return (older.publishedAt?.getTime() ?? null) !== (newer.publishedAt?.getTime() ?? null)
    return older[field] !== newer[field]
  })
}

async function currentVersion(db: Database | WriteTx, postId: number): Promise<Version | null> {
  const [row] = await db.select(versionColumns).from(posts).where(eq(posts.id, postId))
  if (!row) return null
  const tagRows = await db.select({ id: postTags.tagId }).from(postTags).where(eq(postTags.postId, postId))
  return { ...row, tagIds: tagRows.map((tag) => tag.id).sort((a, b) => a - b) }
}

/**
 * In the save's transaction, before the post is updated: keeps the post as it is now when `next`
 * changes any of it (saving the same values twice adds nothing), then drops all but the newest
 * REVISIONS_KEPT of the post's revisions. Returns whether a revision was stored.
 */
export async function storeRevision(tx: WriteTx, postId: number, next: Version, savedAt: Date): Promise<boolean> {
  const current = await currentVersion(tx, postId)
  if (!current || changedFields(current, next).length === 0) return false
  await tx.insert(postRevisions).values({ ...current, postId, savedAt })
  const oldestDropped = tx
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.id))
    .limit(1)
    .offset(REVISIONS_KEPT)
  await tx.delete(postRevisions).where(and(eq(postRevisions.postId, postId), lte(postRevisions.id, oldestDropped)))
  return true
}

/**
 * Whether a field of each revision differs from the version that replaced it: the next newer revision,
 * or the post as it is for the newest. Compared in the database, so listing reads no content.
 */
function differsFromReplacement(revisionColumn: AnySQLiteColumn, postColumn: AnySQLiteColumn): SQL<boolean> {
  const replacement = sql`(order by ${postRevisions.id})`
  return sql`CASE WHEN lead(${postRevisions.id}) over ${replacement} IS NULL
    THEN ${revisionColumn} IS NOT ${postColumn}
    ELSE ${revisionColumn} IS NOT lead(${revisionColumn}) over ${replacement} END`.mapWith(Boolean)
}

/** A post's revisions, newest first, with what the save after each changed; null for an unknown post. */
export async function listRevisions(db: Database, postId: number): Promise<PostRevisionSummary[] | null> {
  const current = await currentVersion(db, postId)
  if (!current) return null
  const rows = await db
    .select({
      id: postRevisions.id,
      savedAt: postRevisions.savedAt,
      title: postRevisions.title,
      status: postRevisions.status,
      publishedAt: postRevisions.publishedAt,
      tagIds: postRevisions.tagIds,
      differs: {
        title: differsFromReplacement(postRevisions.title, posts.title),
        slug: differsFromReplacement(postRevisions.slug, posts.slug),
        excerpt: differsFromReplacement(postRevisions.excerpt, posts.excerpt),
        content: differsFromReplacement(postRevisions.content, posts.content),
        featuredImage: differsFromReplacement(postRevisions.featuredImage, posts.featuredImage),
        featured: differsFromReplacement(postRevisions.featured, posts.featured),
        status: differsFromReplacement(postRevisions.status, posts.status),
        publishedAt: differsFromReplacement(postRevisions.publishedAt, posts.publishedAt),
      },
    })
    .from(postRevisions)
    .innerJoin(posts, eq(posts.id, postRevisions.postId))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.id))
  // Newest first: each row's replacement is the row before it, the newest one's the post itself.
  return rows.map((row, index) => {
    const replacementTags = index === 0 ? current.tagIds : rows[index - 1]!.tagIds
    const differs: Record<RevisionField, boolean> = { ...row.differs, tags: !sameTags(row.tagIds, replacementTags) }
    return {
      id: row.id,
      savedAt: row.savedAt.toISOString(),
      title: row.title,
      status: row.status,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      changed: REVISION_FIELDS.filter((field) => differs[field]),
    }
  })
}

export type RevisionRead = { ok: true; revision: PostRevision } | { ok: false; status: 404; error: string }

/** One revision of a post in full (another post's revision is not found), with its tags that still exist. */
export async function readRevision(db: Database, postId: number, revisionId: number): Promise<RevisionRead> {
  const [row] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)))
  if (!row) {
    const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId))
    return { ok: false, status: 404, error: post ? 'Revision not found' : 'Post not found' }
  }
  const [newer] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, postId), gt(postRevisions.id, revisionId)))
    .orderBy(asc(postRevisions.id))
    .limit(1)
  const replacement = newer ?? (await currentVersion(db, postId))
  const tagRefs =
    row.tagIds.length === 0
      ? []
      : await db
          .select({ id: tags.id, name: tags.name, slug: tags.slug })
          .from(tags)
          .where(inArray(tags.id, row.tagIds))
          .orderBy(tags.name)
  return {
    ok: true,
    revision: {
      id: row.id,
      postId: row.postId,
      savedAt: row.savedAt.toISOString(),
      title: row.title,
      slug: row.slug,
      excerpt: row.excerpt,
      content: row.content,
      featuredImage: row.featuredImage,
      featured: row.featured,
      status: row.status,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      tags: tagRefs,
      changed: replacement ? changedFields(row, replacement) : [],
    },
  }
}

/**
 * The save that brings a revision back: its values as the form would send them, with the tags that
 * still exist. Its slug is not taken over from another post: a conflict answers as any save does.
 */
export function revisionInput(revision: PostRevision): PostInput {
  return {
    title: revision.title,
    slug: revision.slug,
    excerpt: revision.excerpt,
    content: revision.content,
    featuredImage: revision.featuredImage,
    featured: revision.featured,
    status: revision.status,
    publishedAt: revision.publishedAt,
    tags: revision.tags.map((tag) => tag.id),
  }
}

import { and, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm'
import { normalizeSearchQuery, type PostDetail, type PostPage, type PostSummary } from '../../../shared/blog'
import type { Database } from '../../db/client'
import { posts, postTags } from '../../db/schema'
import { summaryColumns, toDetail, toSummary } from './post-rows'
import { redirectTarget } from './post-slugs'

const newestFirst = [desc(posts.publishedAt), desc(posts.id)]

/**
 * Design §2, "public means published and due": the one rule every public read applies. A published
 * post whose time has not come is scheduled, and stays out of every public answer until it comes.
 */
export const isPublicAt = (now: number) => and(eq(posts.status, 'published'), lte(posts.publishedAt, new Date(now)))

/** Read-only queries for the public blog: only published, due posts ever leave here. */
export function createPublicPostService(db: Database, clock: () => number = Date.now) {
  return {
    async list(page: number, limit: number): Promise<PostPage> {
      const [rows, [totals]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(posts)
          .where(isPublicAt(clock()))
          .orderBy(...newestFirst)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(posts).where(isPublicAt(clock())),
      ])
      const total = totals?.total ?? 0
      return {
        posts: rows.map(toSummary),
        meta: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) },
      }
    },

    async featured(limit: number): Promise<PostSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(posts)
        .where(and(isPublicAt(clock()), eq(posts.featured, true)))
        .orderBy(...newestFirst)
        .limit(limit)
      return rows.map(toSummary)
    },

    /**
     * Case-insensitive substring over title, excerpt and the text of the content. Three characters or
     * more go through the trigram index (a quoted phrase is a substring match there); shorter ones scan.
     */
    async search(query: string, limit: number): Promise<PostSummary[]> {
      const needle = normalizeSearchQuery(query).toLowerCase()
      if (!needle) return []
      const matches =
        [...needle].length >= 3
          ? sql`${posts.id} IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${`"${needle.replaceAll('"', '""')}"`})`
          : sql`instr(${posts.searchText}, ${needle}) > 0`
      const rows = await db
        .select(summaryColumns)
        .from(posts)
        .where(and(isPublicAt(clock()), matches))
        .orderBy(...newestFirst)
        .limit(limit)
      return rows.map(toSummary)
    },

    /** The post at this address; an old slug of a published post gives the post as it is now (its new slug). */
    async bySlug(slug: string): Promise<PostDetail | null> {
      const visible = isPublicAt(clock())
      const [row] = await db
        .select()
        .from(posts)
        .where(and(visible, eq(posts.slug, slug)))
        .limit(1)
      if (row) return toDetail(db, row)
      const movedTo = await redirectTarget(db, slug)
      if (movedTo === null) return null
      const [moved] = await db
        .select()
        .from(posts)
        .where(and(visible, eq(posts.id, movedTo)))
        .limit(1)
      return moved ? toDetail(db, moved) : null
    },

    /** Other published posts, those sharing a tag with this one first, then the newest. */
    async related(slug: string, limit: number): Promise<PostSummary[]> {
      const [current] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(isPublicAt(clock()), eq(posts.slug, slug)))
        .limit(1)
      if (!current) return []
      const currentTags = db.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, current.id))
      const shared = db
        .select({ n: count() })
        .from(postTags)
        .where(and(eq(postTags.postId, posts.id), inArray(postTags.tagId, currentTags)))
      const rows = await db
        .select(summaryColumns)
        .from(posts)
        .where(and(isPublicAt(clock()), ne(posts.id, current.id)))
        .orderBy(desc(sql`(${shared})`), ...newestFirst)
        .limit(limit)
      return rows.map(toSummary)
    },

    /** Every published post for feeds and the sitemap, newest first. */
    async allPublished(): Promise<PostSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(posts)
        .where(isPublicAt(clock()))
        .orderBy(...newestFirst)
      return rows.map(toSummary)
    },
  }
}

export type PublicPostService = ReturnType<typeof createPublicPostService>

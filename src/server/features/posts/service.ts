import { and, count, desc, eq, getTableColumns, inArray, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/sqlite-core'
import { normalizeSearchQuery, type PostDetail, type PostPage, type PostSummary } from '../../../shared/blog'
import type { Database } from '../../db/client'
import { posts, postTags } from '../../db/schema'
import { summaryColumns, toDetail, toSummary } from './post-rows'
import { redirectTarget } from './post-slugs'

const newestFirst = [desc(posts.publishedAt), desc(posts.id)]
const allColumns = getTableColumns(posts)

/**
 * Design §2, "public means published and due": the one rule every public read applies. A published
 * post whose time has not come is scheduled, and stays out of every public answer until it comes.
 */
export const isPublicAt = (now: number) => and(eq(posts.status, 'published'), lte(posts.publishedAt, new Date(now)))

/**
 * Read-only queries for the public blog: only published, due posts ever leave here. Every query starts
 * from `publicPosts`, the one place the rule is applied (a test holds this file to that one select
 * from the posts table), so no read can forget it.
 */
export function createPublicPostService(db: Database, clock: () => number = Date.now) {
  const publicPosts = <Columns extends SelectedFields>(columns: Columns, ...where: (SQL | undefined)[]) =>
    db
      .select(columns)
      .from(posts)
      .where(and(isPublicAt(clock()), ...where))
      .$dynamic()

  /** The public post at this address: its slug, or an old slug of it (it then has a new one). */
  async function publicPostAt(slug: string) {
    const [row] = await publicPosts(allColumns, eq(posts.slug, slug)).limit(1)
    if (row) return row
    const movedTo = await redirectTarget(db, slug)
    if (movedTo === null) return null
    const [moved] = await publicPosts(allColumns, eq(posts.id, movedTo)).limit(1)
    return moved ?? null
  }

  return {
    async list(page: number, limit: number): Promise<PostPage> {
      const [rows, [totals]] = await Promise.all([
        publicPosts(summaryColumns)
          .orderBy(...newestFirst)
          .limit(limit)
          .offset((page - 1) * limit),
        publicPosts({ total: count() }),
      ])
      const total = totals?.total ?? 0
      return {
        posts: rows.map(toSummary),
        meta: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) },
      }
    },

    async featured(limit: number): Promise<PostSummary[]> {
      const rows = await publicPosts(summaryColumns, eq(posts.featured, true))
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
      const rows = await publicPosts(summaryColumns, matches)
        .orderBy(...newestFirst)
        .limit(limit)
      return rows.map(toSummary)
    },

    /** The post at this address; an old slug of a published post gives the post as it is now (its new slug). */
    async bySlug(slug: string): Promise<PostDetail | null> {
      const row = await publicPostAt(slug)
      return row ? toDetail(db, row) : null
    },

    /**
     * Other public posts, those sharing a tag with this one first, then the newest; null when no public
     * post is at this address (a draft's slug answers as an unknown one does).
     */
    async related(slug: string, limit: number): Promise<PostSummary[] | null> {
      const current = await publicPostAt(slug)
      if (!current) return null
      const currentTags = db.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, current.id))
      const shared = db
        .select({ n: count() })
        .from(postTags)
        .where(and(eq(postTags.postId, posts.id), inArray(postTags.tagId, currentTags)))
      const rows = await publicPosts(summaryColumns, ne(posts.id, current.id))
        .orderBy(desc(sql`(${shared})`), ...newestFirst)
        .limit(limit)
      return rows.map(toSummary)
    },

    /** Every published post for feeds and the sitemap, newest first. */
    async allPublished(): Promise<PostSummary[]> {
      const rows = await publicPosts(summaryColumns).orderBy(...newestFirst)
      return rows.map(toSummary)
    },
  }
}

export type PublicPostService = ReturnType<typeof createPublicPostService>

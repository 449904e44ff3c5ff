import { and, asc, count, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm'
import { ADMIN_POST_PAGE_SIZE, type AdminPostQuery, sortOf } from '../../../shared/admin-post-query'
import { normalizeSearchQuery, type PostSummary } from '../../../shared/blog'
import type { Database } from '../../db/client'
import { posts, postTags, tags } from '../../db/schema'
import { summaryColumns, toSummary } from './post-rows'
import { matchesEveryWord, searchWords } from './search-query'

/** What the list's status filters mean, at `now`: scheduled and published split a published post at its time. */
function statusWhere(status: AdminPostQuery['status'], now: Date): SQL | undefined {
  switch (status) {
    case 'draft':
      return eq(posts.status, 'draft')
    case 'scheduled':
      return and(eq(posts.status, 'published'), gt(posts.publishedAt, now))
    case 'published':
      return and(eq(posts.status, 'published'), lte(posts.publishedAt, now))
    case 'featured':
      return eq(posts.featured, true)
    default:
      return undefined
  }
}

const SORT_COLUMNS = {
  title: sql`${posts.title} COLLATE NOCASE`,
  status: posts.status,
  createdAt: posts.createdAt,
  publishedAt: posts.publishedAt,
}

/**
 * The administrator's list for hundreds of posts: every post, drafts included, searched with the blog's
 * own index over title, excerpt and text (every word must appear), filtered, sorted and cut into pages.
 */
export function createAdminPostList(db: Database, clock: () => number) {
  async function find(query: AdminPostQuery): Promise<{ posts: PostSummary[]; total: number }> {
    const needle = normalizeSearchQuery(query.q).toLowerCase()
    const where = and(
      needle ? matchesEveryWord(searchWords(needle).map((word) => [word])) : undefined,
      statusWhere(query.status, new Date(clock())),
      query.tag === undefined
        ? undefined
        : inArray(posts.id, db.select({ id: postTags.postId }).from(postTags).where(eq(postTags.tagId, query.tag))),
      query.author === undefined ? undefined : eq(posts.authorId, query.author),
    )
    const { field, descending } = sortOf(query)
    const direction = descending ? desc : asc
    const limit = query.limit ?? ADMIN_POST_PAGE_SIZE
    const [rows, [counted]] = await Promise.all([
      db
        .select(summaryColumns)
        .from(posts)
        .where(where)
        // Equal values keep one order from page to page: the later post first, or last when ascending.
        .orderBy(direction(SORT_COLUMNS[field]), direction(posts.id))
        .limit(limit)
        .offset(((query.page ?? 1) - 1) * limit),
      db.select({ n: count() }).from(posts).where(where),
    ])
    return { posts: rows.map(toSummary), total: counted?.n ?? 0 }
  }

  /** Whether a tag exists: a bulk tagging names one before any post is touched. */
  async function tagExists(id: number): Promise<boolean> {
    const [row] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, id))
    return row !== undefined
  }

  return { find, tagExists }
}

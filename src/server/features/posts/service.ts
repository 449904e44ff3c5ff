import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  lte,
  ne,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/sqlite-core'
import {
  type AuthorPage,
  normalizeSearchQuery,
  type PostDetail,
  type PostPage,
  type PostSummary,
  type PublicAuthor,
  type PublicTag,
  SEARCH_COUNT_LIMIT,
  type SearchResult,
  type TagPage,
} from '../../../shared/blog'
import type { PostSearchSettings } from '../../../shared/post-search-settings'
import type { Database } from '../../db/client'
import { posts, postTags, staff, tags } from '../../db/schema'
import { summaryColumns, toDetail, toSummary } from './post-rows'
import { redirectTarget } from './post-slugs'
import {
  containsWholeQuery,
  matchesEveryWord,
  placeholders,
  rankedPosts,
  rankQuery,
  searchWords,
  sortsWholeFirst,
  usesIndex,
  type WordGroups,
} from './search-query'
import { withCorrections } from './typo-correction'
import { withWordForms } from './word-forms'

const newestFirst = [desc(posts.publishedAt), desc(posts.id)]
const MAX_PREPARED_SHAPES = 256
const allColumns = getTableColumns(posts)

/**
 * Design §2, "public means published and due": the one rule every public read applies. A published
 * post whose time has not come is scheduled, and stays out of every public answer until it comes.
 */
export const isPublicAt = (now: number | Placeholder) =>
  and(eq(posts.status, 'published'), lte(posts.publishedAt, typeof now === 'number' ? new Date(now) : now))

/**
 * Read-only queries for the public blog: only published, due posts ever leave here. Every query starts
 * from `publicPosts`, the one place the rule is applied (a test holds this file to that one select
 * from the posts table), so no read can forget it.
 */
export function createPublicPostService(db: Database, clock: () => number = Date.now) {
  /** `now`: the time, or a placeholder for it in a statement prepared once (`rankedIds`). */
  const publicPostsAt = <Columns extends SelectedFields>(
    now: number | Placeholder,
    columns: Columns,
    ...where: (SQL | undefined)[]
  ) =>
    db
      .select(columns)
      .from(posts)
      .where(and(isPublicAt(now), ...where))
      .$dynamic()
  const publicPosts = <Columns extends SelectedFields>(columns: Columns, ...where: (SQL | undefined)[]) =>
    publicPostsAt(clock(), columns, ...where)

  /**
   * The ranked ids of a search that can use the indexes, and their count. Building the statement cost about
   * as much as running it (40 of 115 µs), so each shape of it (search-query.ts's placeholders: which
   * words are indexed, which scanned, whether the whole query and a rank apply) is built and prepared once.
   */
  const rankedStatements = new Map<string, ReturnType<typeof prepareRanked>>()
  function prepareRanked(where: SQL | undefined, whole: SQL | null, ranked: SQL | null) {
    const wholeFirst = whole ? [desc(whole)] : []
    const ids = publicPostsAt(sql.placeholder('now'), { id: posts.id, total: sql<number>`count(*) OVER ()` }, where)
    const ordered = ranked
      ? ids
          .leftJoin(ranked, sql`ranked.id = ${posts.id}`)
          .orderBy(...wholeFirst, sql`ranked.score IS NULL`, sql`ranked.score`, ...newestFirst)
      : ids.orderBy(...wholeFirst, ...newestFirst)
    return ordered.limit(sql.placeholder('limit')).prepare()
  }
  function rankedIds(needle: string, groups: WordGroups, limit: number) {
    const { bind, values, shape } = placeholders()
    // The pieces are made for their values on every search (cheap); the statement only for a new shape.
    const where = matchesEveryWord(groups, bind)
    const whole = sortsWholeFirst(groups) ? containsWholeQuery(needle, bind) : null
    const rank = rankQuery(groups)
    const ranked = rank ? rankedPosts(rank, bind) : null
    const key = shape()
    let statement = rankedStatements.get(key)
    if (!statement) {
      statement = prepareRanked(where, whole, ranked)
      // Shapes are few (at most MAX_SEARCH_WORDS words, each indexed or scanned): the bound is a safeguard.
      if (rankedStatements.size >= MAX_PREPARED_SHAPES) rankedStatements.clear()
      rankedStatements.set(key, statement)
    }
    return statement.all({ ...values, now: clock(), limit })
  }

  /** The public post at this address: its slug, or an old slug of it (it then has a new one). */
  async function publicPostAt(slug: string) {
    const [row] = await publicPosts(allColumns, eq(posts.slug, slug)).limit(1)
    if (row) return row
    const movedTo = await redirectTarget(db, slug)
    if (movedTo === null) return null
    const [moved] = await publicPosts(allColumns, eq(posts.id, movedTo)).limit(1)
    return moved ?? null
  }

  /** A page of the public posts (those matching `where`), newest first, and how many there are in all. */
  async function pageOf(page: number, limit: number, where?: SQL): Promise<PostPage> {
    const [rows, [totals]] = await Promise.all([
      publicPosts(summaryColumns, where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset((page - 1) * limit),
      publicPosts({ total: count() }, where),
    ])
    const total = totals?.total ?? 0
    return {
      posts: rows.map(toSummary),
      meta: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) },
    }
  }

  /** The summaries of these posts, in this order. */
  async function summariesOf(ids: number[]): Promise<PostSummary[]> {
    if (ids.length === 0) return []
    const rows = await publicPosts(summaryColumns, inArray(posts.id, ids))
    const byId = new Map(rows.map((row) => [row.id, toSummary(row)]))
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  /**
   * One search: the ranked ids and their count first (from the indexes and the status index alone), then
   * the summaries of the few shown. Without an indexable word there is nothing to rank and every post's
   * text must be read, so matches are taken newest first and counted only up to SEARCH_COUNT_LIMIT.
   */
  async function matching(needle: string, groups: WordGroups, limit: number): Promise<SearchResult> {
    if (!usesIndex(groups)) {
      const where = matchesEveryWord(groups)
      const wholeFirst = sortsWholeFirst(groups) ? [desc(containsWholeQuery(needle))] : []
      const rows = await publicPosts(summaryColumns, where)
        .orderBy(...wholeFirst, ...newestFirst)
        .limit(limit)
      if (rows.length < limit) return { posts: rows.map(toSummary), total: rows.length, totalIsAtLeast: false }
      const newest = publicPosts({ id: posts.id }, where)
        .orderBy(...newestFirst)
        .limit(SEARCH_COUNT_LIMIT + 1)
        .as('newest')
      const [counted] = await db.select({ n: count() }).from(newest)
      const n = counted?.n ?? 0
      return {
        posts: rows.map(toSummary),
        total: Math.min(n, SEARCH_COUNT_LIMIT),
        totalIsAtLeast: n > SEARCH_COUNT_LIMIT,
      }
    }
    const rows = await rankedIds(needle, groups, limit)
    return { posts: await summariesOf(rows.map((row) => row.id)), total: rows[0]?.total ?? 0, totalIsAtLeast: false }
  }

  return {
    list: (page: number, limit: number): Promise<PostPage> => pageOf(page, limit),

    /** The HTML of those of these posts that are public, by id: what a feed carries in full. */
    async contentsOf(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map()
      const rows = await publicPosts({ id: posts.id, content: posts.content }, inArray(posts.id, ids))
      return new Map(rows.map((row) => [row.id, row.content]))
    },

    /** A page of the public posts carrying the tag with this slug; null when no public post carries it. */
    async byTag(slug: string, page: number, limit: number): Promise<TagPage | null> {
      const [tag] = await db.select().from(tags).where(eq(tags.slug, slug)).limit(1)
      if (!tag) return null
      const tagged = db.select({ id: postTags.postId }).from(postTags).where(eq(postTags.tagId, tag.id))
      const result = await pageOf(page, limit, inArray(posts.id, tagged))
      return result.meta.total > 0 ? { tag, ...result } : null
    },

    /** The tags public posts carry (each has a page), by name, with the newest change to those posts. */
    async publicTags(): Promise<PublicTag[]> {
      // Joined to the posts only for their dates: which posts count is the public filter's answer.
      const visible = publicPosts({ id: posts.id })
      const rows = await db
        .select({
          id: tags.id,
          name: tags.name,
          slug: tags.slug,
          // A scheduled post going live changes the tag's page without an edit.
          changedAt: sql<number | null>`max(max(${posts.updatedAt}, coalesce(${posts.publishedAt}, 0)))`,
        })
        .from(tags)
        .innerJoin(postTags, eq(postTags.tagId, tags.id))
        .innerJoin(posts, and(eq(posts.id, postTags.postId), inArray(posts.id, visible)))
        .groupBy(tags.id)
        .orderBy(asc(tags.name))
      return rows.map(({ changedAt, ...tag }) => ({ ...tag, updatedAt: new Date(changedAt ?? 0).toISOString() }))
    },

    /** An author's page: their public posts; null for nobody, or someone without any (no page, no name shown). */
    async byAuthor(slug: string, page: number, limit: number): Promise<AuthorPage | null> {
      const author = { id: staff.id, name: staff.name, slug: staff.slug, bio: staff.bio }
      const [found] = await db.select(author).from(staff).where(eq(staff.slug, slug)).limit(1)
      if (!found?.name) return null
      const result = await pageOf(page, limit, eq(posts.authorId, found.id))
      return result.meta.total > 0 ? { author: found, ...result } : null
    },

    /** The authors of public posts (each has a page), with the newest change to those posts. */
    async publicAuthors(): Promise<PublicAuthor[]> {
      const written = await publicPosts({
        authorId: posts.authorId,
        changedAt: sql<number | null>`max(max(${posts.updatedAt}, coalesce(${posts.publishedAt}, 0)))`,
      }).groupBy(posts.authorId)
      const changedAt = new Map(written.map((row) => [row.authorId, row.changedAt ?? 0]))
      const named = await db
        .select({ id: staff.id, slug: staff.slug })
        .from(staff)
        .where(and(inArray(staff.id, [...changedAt.keys()]), ne(staff.name, '')))
        .orderBy(asc(staff.slug))
      return named.map(({ id, slug }) => ({ slug, updatedAt: new Date(changedAt.get(id)!).toISOString() }))
    },

    async featured(limit: number): Promise<PostSummary[]> {
      const rows = await publicPosts(summaryColumns, eq(posts.featured, true))
        .orderBy(...newestFirst)
        .limit(limit)
      return rows.map(toSummary)
    },

    /**
     * The posts matching every word of the query (so every post containing the whole query), best first:
     * by bm25 over the word index, title above excerpt above the text, then newest. When nothing matches,
     * longer words are given their corrections (one typo away) and the search runs again.
     */
    async search(query: string, limit: number): Promise<SearchResult> {
      const needle = normalizeSearchQuery(query).toLowerCase()
      if (!needle) return { posts: [], total: 0, totalIsAtLeast: false }
      const words = searchWords(needle)
      // Each word, or a base form of it the posts use ("plushies" or "plush"); the posts with the query as
      // typed come first, then the best of the rest.
      const exact = await matching(needle, await withWordForms(db, words), limit)
      if (exact.total > 0) return exact
      const corrected = await withCorrections(db, words)
      return corrected ? matching(needle, corrected, limit) : exact
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

    /** Every published post for the sitemap, newest first, with what decides whether it is listed. */
    async allPublished(): Promise<(PostSummary & Pick<PostSearchSettings, 'noindex' | 'canonicalUrl'>)[]> {
      const columns = { ...summaryColumns, noindex: posts.noindex, canonicalUrl: posts.canonicalUrl }
      const rows = await publicPosts(columns).orderBy(...newestFirst)
      return rows.map((row) => ({ ...toSummary(row), noindex: row.noindex, canonicalUrl: row.canonicalUrl }))
    },
  }
}

export type PublicPostService = ReturnType<typeof createPublicPostService>

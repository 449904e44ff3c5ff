import { desc, eq, inArray } from 'drizzle-orm'
import type { PostDetail, PostSummary } from '../../../shared/blog'
import { type PostInput, todayDateString } from '../../../shared/post-rules'
import { slugify } from '../../../shared/slug'
import type { Database } from '../../db/client'
import { posts, postTags, tags } from '../../db/schema'
import { writeTransaction } from '../../db/write-transaction'
import { plainText, storedPostContent } from './post-content'
import { summaryColumns, toSummary } from './service'

export type WriteResult = { ok: true; post: PostDetail } | { ok: false; status: 400 | 404 | 409; error: string }

/** A date-only publication date: today means now (so it sorts first); other days at 09:00 UTC. */
function publicationTime(date: string | null | undefined, now: number): Date {
  const day = date || todayDateString(now)
  return day === todayDateString(now) ? new Date(now) : new Date(`${day}T09:00:00.000Z`)
}

const duplicateSlug = (slug: string) => `A post with the slug "${slug}" already exists`
/** Two saves racing for one slug: the database's unique index decides, and the loser gets the 409. */
export const isUniqueViolation = (error: unknown): boolean =>
  /UNIQUE constraint failed/i.test(String(error)) ||
  (error instanceof Error && error.cause !== undefined && isUniqueViolation(error.cause))

/** Every post, drafts included, for the administrator; all writes go through the sanitizer. */
export function createAdminPostService(db: Database, clock: () => number = Date.now) {
  async function detail(id: number): Promise<PostDetail | null> {
    const [row] = await db.select().from(posts).where(eq(posts.id, id))
    if (!row) return null
    const postTagRows = await db
      .select({ id: tags.id, name: tags.name, slug: tags.slug })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(eq(postTags.postId, id))
      .orderBy(tags.name)
    return {
      ...toSummary(row),
      content: row.content,
      additionalImages: row.additionalImages ?? null,
      tags: postTagRows,
    }
  }

  /** Turns the form payload into column values, or says what is wrong with it. */
  async function prepare(input: PostInput, now: number, previous?: Date | null) {
    const slug = slugify(input.slug?.trim() ? input.slug : input.title)
    if (!slug) return { ok: false as const, error: 'Slug must contain letters or digits' }
    const tagIds = [...new Set(input.tags ?? [])]
    if (tagIds.length > 0) {
      const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds))
      const missing = tagIds.filter((id) => !found.some((tag) => tag.id === id))
      if (missing.length > 0) return { ok: false as const, error: `Unknown tag id: ${missing.join(', ')}` }
    }
    const title = input.title.trim()
    const excerpt = await plainText(input.excerpt ?? '')
    return {
      ok: true as const,
      tagIds,
      values: {
        title,
        slug,
        excerpt,
        ...(await storedPostContent({ title, excerpt, content: input.content })),
        featuredImage: input.featuredImage?.trim() || null,
        featured: input.featured ?? false,
        status: input.status,
        // An unchanged date keeps its time, so editing does not reorder posts of the same day.
        publishedAt:
          previous && input.publishedAt && previous.toISOString().slice(0, 10) === input.publishedAt
            ? previous
            : publicationTime(input.publishedAt, now),
        updatedAt: new Date(now),
      },
    }
  }

  async function slugTaken(slug: string, exceptId?: number) {
    const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug))
    return Boolean(row && row.id !== exceptId)
  }

  return {
    async summary(): Promise<PostSummary[]> {
      const rows = await db.select(summaryColumns).from(posts).orderBy(desc(posts.createdAt), desc(posts.id))
      return rows.map(toSummary)
    },

    get: detail,

    async create(input: PostInput): Promise<WriteResult> {
      const now = clock()
      const prepared = await prepare(input, now)
      if (!prepared.ok) return { ok: false, status: 400, error: prepared.error }
      if (await slugTaken(prepared.values.slug))
        return { ok: false, status: 409, error: duplicateSlug(prepared.values.slug) }
      try {
        const id = await writeTransaction(db, async (tx) => {
          const [row] = await tx
            .insert(posts)
            .values({ ...prepared.values, createdAt: new Date(now), authorId: 1 })
            .returning({ id: posts.id })
          if (prepared.tagIds.length > 0)
            await tx.insert(postTags).values(prepared.tagIds.map((tagId) => ({ postId: row!.id, tagId })))
          return row!.id
        })
        return { ok: true, post: (await detail(id))! }
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, status: 409, error: duplicateSlug(prepared.values.slug) }
        throw error
      }
    },

    async update(id: number, input: PostInput): Promise<WriteResult> {
      const [existing] = await db
        .select({ id: posts.id, publishedAt: posts.publishedAt })
        .from(posts)
        .where(eq(posts.id, id))
      if (!existing) return { ok: false, status: 404, error: 'Post not found' }
      const prepared = await prepare(input, clock(), existing.publishedAt)
      if (!prepared.ok) return { ok: false, status: 400, error: prepared.error }
      if (await slugTaken(prepared.values.slug, id))
        return { ok: false, status: 409, error: duplicateSlug(prepared.values.slug) }
      try {
        await writeTransaction(db, async (tx) => {
          await tx.update(posts).set(prepared.values).where(eq(posts.id, id))
          await tx.delete(postTags).where(eq(postTags.postId, id))
          if (prepared.tagIds.length > 0)
            await tx.insert(postTags).values(prepared.tagIds.map((tagId) => ({ postId: id, tagId })))
        })
        return { ok: true, post: (await detail(id))! }
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, status: 409, error: duplicateSlug(prepared.values.slug) }
        throw error
      }
    },

    async remove(id: number): Promise<boolean> {
      return writeTransaction(db, async (tx) => {
        await tx.delete(postTags).where(eq(postTags.postId, id))
        const deleted = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id })
        return deleted.length > 0
      })
    },
  }
}

export type AdminPostService = ReturnType<typeof createAdminPostService>

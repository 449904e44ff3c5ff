import { desc, eq, like, sql } from 'drizzle-orm'
import type { PostDetail, PostStatus, PostSummary } from '../../../shared/blog'
import { NEWSLETTER_MESSAGES } from '../../../shared/newsletter'
import type { PostFacts } from '../../../shared/post-permissions'
import { POST_MESSAGES } from '../../../shared/post-rules'
import type { PostInput } from '../../../shared/post-schema'
import { ifMatchAllows, postVersionTag, STALE_POST_MESSAGE } from '../../../shared/post-version'
import { OWNER_ID } from '../../../shared/staff'
import type { ContentVersion } from '../../cache/content-version'
import { SURROGATE_KEYS as KEYS, removed } from '../../cache/surrogate-keys'
import type { Database } from '../../db/client'
import { deletePosts } from '../../db/delete-rows'
import { isUniqueViolation } from '../../db/errors'
import { posts, postTags, staff } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import { createAdminPostList } from './admin-post-list'
import { isPublicAsOf, postBeforeSave, postChangeKeys } from './post-change-keys'
import { type PostMediaStore, storedPostContent } from './post-content'
import { linkPostMedia, MediaGoneError, mediaHashesOfPost } from './post-media-links'
import { listRevisions, readRevision, revisionInput, storeRevision } from './post-revisions'
import { summaryColumns, toDetail, toSummary } from './post-rows'
import { type Prepared, prepare } from './post-save-input'
import { postFallbackSlug, recordSlugChange, redirectOwner } from './post-slugs'
import { checkByline, RefusedInWrite, StaleVersionError, type TagsGone, tagsAsFound } from './post-write-checks'

/** Posts whose stored HTML still holds an image inline (`data:`), from before uploads existed. */
export const holdsInlineImage = like(posts.content, '%data:image/%')

export type WriteResult =
  | { ok: true; post: PostDetail }
  | { ok: false; status: 400 | 403 | 404 | 409; error: string; code?: 'slug-redirects' }
  | { ok: false; status: 412; error: string; savedAt: string }

/** An update's: `published` when this write made the post published (for the audit), as the write found it. */
export type UpdateResult = Exclude<WriteResult, { ok: true }> | { ok: true; post: PostDetail; published: boolean }

const duplicateSlug = (slug: string) => `A post with the slug "${slug}" already exists`
const NOT_FOUND = { ok: false, status: 404, error: POST_MESSAGES.notFound } as const
/** Only published posts are seen by the public: a draft's writes leave every public cache valid. */
const isPublic = (status: PostStatus | undefined) => status === 'published'

interface SaveOptions {
  ifMatch?: string | null
  /**
   * Why the person may not make this change to the post as it is in the write, or null: the caller's check
   * made before it would let a save landing meanwhile (a draft published) be changed on rights judged on the draft.
   */
  problem?: (post: PostFacts) => string | null
  tagsGone?: TagsGone
  by?: number
}

async function linkTags(tx: WriteTx, postId: number, tagIds: number[]) {
  if (tagIds.length > 0) await tx.insert(postTags).values(tagIds.map((tagId) => ({ postId, tagId })))
}

export type RemoveResult = { ok: true; title: string } | { ok: false; status: 403 | 404; error: string }

export interface AdminPostServiceOptions {
  /** Every write runs in its transactions; writes that change public content change it. */
  content: ContentVersion
  /** Where pasted images go and where uploads are described (the media feature). */
  media: PostMediaStore
  clock?: () => number
}

/** Every post, drafts included, for the administrator; all writes go through the sanitizer. */
export function createAdminPostService(db: Database, { content, media, clock = Date.now }: AdminPostServiceOptions) {
  async function detail(id: number): Promise<PostDetail | null> {
    const [row] = await db.select().from(posts).where(eq(posts.id, id))
    return row ? toDetail(db, row) : null
  }

  async function slugTaken(slug: string, exceptId?: number) {
    const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug))
    return Boolean(row && row.id !== exceptId)
  }

  /** A slug that is another post's old address may be taken only when the administrator says so. */
  async function redirectConflict(input: PostInput, slug: string, exceptId?: number): Promise<WriteResult | null> {
    if (!slug || input.takeRedirectedSlug) return null
    const owner = await redirectOwner(db, slug, exceptId)
    if (!owner) return null
    const error = `The address /blog/${slug} still leads to the post "${owner.title}". Save again to give it to this post instead.`
    return { ok: false, status: 409, error, code: 'slug-redirects' }
  }

  /** The two saves share their checks; the unique index decides a race for one slug (the loser gets 409). */
  async function save(
    input: PostInput,
    existing: { id: number; publishedAt: Date | null } | null,
    write: (values: Prepared['values'], tagIds: number[]) => Promise<number | null>,
  ): Promise<WriteResult> {
    const prepared = await prepare(db, media, input, clock(), existing?.publishedAt)
    if (!prepared.ok) return { ok: false, status: 400, error: prepared.error }
    const { slug } = prepared.values
    if (slug && (await slugTaken(slug, existing?.id))) return { ok: false, status: 409, error: duplicateSlug(slug) }
    const conflict = await redirectConflict(input, slug, existing?.id)
    if (conflict) return conflict
    try {
      const id = await write(prepared.values, prepared.tagIds)
      const post = id === null ? null : await detail(id)
      return post ? { ok: true, post } : NOT_FOUND
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, status: 409, error: duplicateSlug(slug) }
      if (error instanceof MediaGoneError) return { ok: false, status: 409, error: error.message }
      if (error instanceof RefusedInWrite) return { ok: false, status: error.status, error: error.message }
      if (error instanceof StaleVersionError)
        return { ok: false, status: 412, error: error.message, savedAt: error.savedAt.toISOString() }
      throw error
    }
  }

  return {
    async summary(): Promise<PostSummary[]> {
      const rows = await db.select(summaryColumns).from(posts).orderBy(desc(posts.createdAt), desc(posts.id))
      return rows.map(toSummary)
    },

    get: detail,

    /** A page of the list, searched, filtered and sorted (`GET /api/blog/admin-summary?…`). */
    ...createAdminPostList(db, clock),

    /** `by`: who writes it, its author (the owner for the operator's scripts). */
    create: (input: PostInput, by: number = OWNER_ID): Promise<WriteResult> =>
      save(input, null, (values, tagIds) =>
        content.write(async (tx, changed) => {
          // Checked in the write too: someone removed meanwhile must not be left with a post.
          await checkByline(tx, values.authorId ?? by)
          const [row] = await tx
            .insert(posts)
            .values({
              ...values,
              slug: values.slug || `pending-${crypto.randomUUID()}`,
              createdAt: values.updatedAt,
              authorId: values.authorId ?? by,
              updatedBy: by,
            })
            .returning({ id: posts.id })
          const slug = values.slug || (await postFallbackSlug(tx, row!.id))
          if (!values.slug) await tx.update(posts).set({ slug }).where(eq(posts.id, row!.id))
          await recordSlugChange(tx, row!.id, { slug: '', status: 'draft', publishedAt: null }, slug, clock())
          await linkTags(tx, row!.id, await tagsAsFound(tx, tagIds, 'refuse'))
          await linkPostMedia(tx, row!.id, mediaHashesOfPost(values.content, values.featuredImage, values.shareImage))
          if (isPublic(values.status)) changed([KEYS.posts, KEYS.post(row!.id)])
          return row!.id
        }),
      ),

    /**
     * `ifMatch`: the `If-Match` header; a version other than the stored one writes nothing (412).
     * `by`: who saves it.
     */
    async update(
      id: number,
      input: PostInput,
      { ifMatch = null, problem, tagsGone = 'refuse', by = OWNER_ID }: SaveOptions = {},
    ): Promise<UpdateResult> {
      const [existing] = await db
        .select({ id: posts.id, publishedAt: posts.publishedAt, updatedAt: posts.updatedAt })
        .from(posts)
        .where(eq(posts.id, id))
      if (!existing) return NOT_FOUND
      let published = false
      // The precondition before the request's content is read (RFC 9110 §13.2.1): a stale save stores no
      // image and hears of no other problem. The check inside the write below is the one that decides.
      if (!ifMatchAllows(ifMatch, postVersionTag(existing.updatedAt)))
        return { ok: false, status: 412, error: STALE_POST_MESSAGE, savedAt: existing.updatedAt.toISOString() }
      const saved = await save(input, existing, (values, chosenTags) =>
        content.write(async (tx, changed) => {
          const before = await postBeforeSave(tx, id)
          if (!before) return null
          published = values.status === 'published' && before.status !== 'published'
          // Inside the write transaction: no other save can land between this check and the write.
          if (!ifMatchAllows(ifMatch, postVersionTag(before.updatedAt))) throw new StaleVersionError(before.updatedAt)
          const refusal = problem?.(before)
          if (refusal) throw new RefusedInWrite(403, refusal)
          if (values.authorId !== undefined) await checkByline(tx, values.authorId)
          // Ticking the box on a post already public is too late, also when it went public meanwhile.
          if (values.emailSubscribers && !before.emailSubscribers && isPublicAsOf(before, clock()))
            throw new RefusedInWrite(400, NEWSLETTER_MESSAGES.emailAfterPublishing)
          const tagIds = await tagsAsFound(tx, chosenTags, tagsGone)
          // Each save a new version, later than the one it replaces, whatever the clocks of the writers say.
          const updatedAt = new Date(Math.max(values.updatedAt.getTime(), before.updatedAt.getTime() + 1))
          const slug = values.slug || (await postFallbackSlug(tx, id))
          await storeRevision(tx, id, { ...values, slug, tagIds }, updatedAt)
          await tx
            .update(posts)
            .set({ ...values, slug, updatedAt, updatedBy: by })
            .where(eq(posts.id, id))
          await recordSlugChange(tx, id, before, slug, clock())
          await tx.delete(postTags).where(eq(postTags.postId, id))
          await linkTags(tx, id, tagIds)
          const shareImage = values.shareImage ?? before.shareImage
          await linkPostMedia(tx, id, mediaHashesOfPost(values.content, values.featuredImage, shareImage))
          const after = { ...values, authorId: values.authorId ?? before.authorId, tagIds }
          const keys = postChangeKeys(id, before, after, clock())
          if (keys.length > 0) changed(keys)
          return id
        }),
      )
      return saved.ok ? { ...saved, published } : saved
    },

    /** The post's earlier versions, newest first; null for an unknown post. */
    revisions: (id: number) => listRevisions(db, id),

    revision: (id: number, revisionId: number) => readRevision(db, id, revisionId),

    /** Saves a revision's values as the post's: the version it replaces becomes a revision, so a restore can be undone. */
    async restore(id: number, revisionId: number, options: SaveOptions = {}): Promise<UpdateResult> {
      const read = await readRevision(db, id, revisionId)
      return read.ok ? this.update(id, revisionInput(read.revision), { ...options, tagsGone: 'leave out' }) : read
    },

    /** The name of whoever saved the post's standing version (a 412 names them). */
    async lastSavedBy(id: number): Promise<string> {
      const [row] = await db
        .select({ name: staff.name, email: staff.email })
        .from(posts)
        .innerJoin(staff, eq(staff.id, sql`coalesce(${posts.updatedBy}, ${OWNER_ID})`))
        .where(eq(posts.id, id))
      return row?.name || row?.email || 'Someone'
    },

    /**
     * Moves images still held in post HTML as data: URLs (from before uploads existed) into the media
     * store; a post whose image cannot be stored keeps it and is named in the result.
     */
    async moveInlineImages(): Promise<{ moved: number; failed: { id: number; error: string }[] }> {
      const rows = await db.select().from(posts).where(holdsInlineImage)
      const failed: { id: number; error: string }[] = []
      for (const row of rows) {
        const stored = await storedPostContent(row, media).catch((error: unknown) => ({
          ok: false as const,
          error: error instanceof Error ? error.message : String(error),
        }))
        if (!stored.ok) {
          failed.push({ id: row.id, error: stored.error })
          continue
        }
        await content.write(async (tx, changed) => {
          const { content: html, searchText, featuredImageInfo } = stored
          await tx.update(posts).set({ content: html, searchText, featuredImageInfo }).where(eq(posts.id, row.id))
          await linkPostMedia(tx, row.id, mediaHashesOfPost(html, row.featuredImage, row.shareImage))
          if (isPublic(row.status)) changed([KEYS.post(row.id)])
        })
      }
      return { moved: rows.length - failed.length, failed }
    },

    /**
     * Deletes a post if `problem` finds none with it as it is in the write: a check made before would let a
     * post published meanwhile be deleted by someone who may only delete drafts.
     */
    async remove(id: number, problem: (post: PostFacts) => string | null): Promise<RemoveResult> {
      return content.write(async (tx, changed) => {
        const [post] = await tx
          .select({ title: posts.title, authorId: posts.authorId, status: posts.status, featured: posts.featured })
          .from(posts)
          .where(eq(posts.id, id))
        if (!post) return NOT_FOUND
        const refusal = problem(post)
        if (refusal) return { ok: false, status: 403, error: refusal }
        await deletePosts(tx, [id])
        if (isPublic(post.status)) changed([KEYS.posts, KEYS.post(id), removed(KEYS.post(id))])
        return { ok: true, title: post.title }
      })
    },
  }
}

export type AdminPostService = ReturnType<typeof createAdminPostService>

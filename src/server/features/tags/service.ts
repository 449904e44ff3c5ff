import { and, asc, eq } from 'drizzle-orm'
import type { TagRef } from '../../../shared/blog'
import type { TagInput } from '../../../shared/post-schema'
import { fallbackSlug, slugFromName, slugify } from '../../../shared/slug'
import type { ContentVersion } from '../../cache/content-version'
import { SURROGATE_KEYS as KEYS, removed } from '../../cache/surrogate-keys'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { posts, postTags, tags } from '../../db/schema'

export type TagResult = { ok: true; tag: TagRef } | { ok: false; status: 400 | 409; error: string }

const duplicateSlug = (slug: string) => `A tag with the slug "${slug}" already exists`

/**
 * Tags for the administrator. The public sees a tag only on the published posts that carry it, so a new
 * tag changes nothing public, and removing one changes it only when a published post had it.
 */
export function createTagService(db: Database, { content }: { content: ContentVersion }) {
  /**
   * A tag whose name has no Latin spelling (イベント情報) gets `tag-{id}`; its name is what tells it apart, so the
   * same name twice is refused as a taken slug would be.
   */
  function createWithFallbackSlug(name: string): Promise<TagResult> {
    // A new tag changes nothing public: the version is not changed.
    return content.write(async (tx) => {
      const [named] = await tx.select({ slug: tags.slug }).from(tags).where(eq(tags.name, name))
      if (named) return { ok: false as const, status: 409 as const, error: duplicateSlug(named.slug) }
      const [row] = await tx
        .insert(tags)
        .values({ name, slug: `tag-new-${crypto.randomUUID()}` })
        .returning({ id: tags.id })
      const id = row!.id
      const slug = await fallbackSlug('tag', id, async (candidate) => {
        const [taken] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.slug, candidate))
        return Boolean(taken)
      })
      await tx.update(tags).set({ slug }).where(eq(tags.id, id))
      return { ok: true as const, tag: { id, name, slug } }
    })
  }

  return {
    list: (): Promise<TagRef[]> => db.select().from(tags).orderBy(asc(tags.name)),

    async create(input: TagInput): Promise<TagResult> {
      const name = input.name.trim()
      const slug = slugify(input.slug ?? '') || slugFromName(name)
      if (!/[\p{L}\p{N}]/u.test(name))
        return { ok: false, status: 400, error: 'Tag name must contain letters or digits' }
      if (!slug) return createWithFallbackSlug(name)
      const [existing] = await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, slug))
      if (existing) return { ok: false, status: 409, error: duplicateSlug(slug) }
      try {
        const [tag] = await db.insert(tags).values({ name, slug }).returning()
        return { ok: true, tag: tag! }
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, status: 409, error: duplicateSlug(slug) }
        throw error
      }
    },

    /** Removes the tag and its links to posts. */
    async remove(id: number): Promise<boolean> {
      return content.write(async (tx, changed) => {
        const [onPublishedPost] = await tx
          .select({ postId: postTags.postId })
          .from(postTags)
          .innerJoin(posts, eq(posts.id, postTags.postId))
          .where(and(eq(postTags.tagId, id), eq(posts.status, 'published')))
          .limit(1)
        await tx.delete(postTags).where(eq(postTags.tagId, id))
        const deleted = await tx.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id })
        if (onPublishedPost) changed([KEYS.posts, KEYS.tag(id), removed(KEYS.tag(id))])
        return deleted.length > 0
      })
    },
  }
}

export type TagService = ReturnType<typeof createTagService>

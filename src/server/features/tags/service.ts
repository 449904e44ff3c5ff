import { asc, eq } from 'drizzle-orm'
import type { TagRef } from '../../../shared/blog'
import { slugify } from '../../../shared/slug'
import type { Database } from '../../db/client'
import { postTags, tags } from '../../db/schema'
import { writeTransaction } from '../../db/write-transaction'
import { isUniqueViolation } from '../posts/admin-service'

export type TagResult = { ok: true; tag: TagRef } | { ok: false; status: 400 | 409; error: string }

export function createTagService(db: Database) {
  return {
    list: (): Promise<TagRef[]> => db.select().from(tags).orderBy(asc(tags.name)),

    async create(input: { name: string; slug?: string }): Promise<TagResult> {
      const name = input.name.trim()
      const slug = slugify(input.slug?.trim() ? input.slug : name)
      if (!slug) return { ok: false, status: 400, error: 'Tag name must contain letters or digits' }
      const [existing] = await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, slug))
      if (existing) return { ok: false, status: 409, error: `A tag with the slug "${slug}" already exists` }
      try {
        const [tag] = await db.insert(tags).values({ name, slug }).returning()
        return { ok: true, tag: tag! }
      } catch (error) {
        if (isUniqueViolation(error))
          return { ok: false, status: 409, error: `A tag with the slug "${slug}" already exists` }
        throw error
      }
    },

    /** Removes the tag and its links to posts. */
    async remove(id: number): Promise<boolean> {
      return writeTransaction(db, async (tx) => {
        await tx.delete(postTags).where(eq(postTags.tagId, id))
        const deleted = await tx.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id })
        return deleted.length > 0
      })
    },
  }
}

export type TagService = ReturnType<typeof createTagService>

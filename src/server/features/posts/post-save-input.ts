import { eq, inArray } from 'drizzle-orm'
import { POST_MESSAGES, publicationTime } from '../../../shared/post-rules'
import type { PostInput } from '../../../shared/post-schema'
import { searchSettingsOf } from '../../../shared/post-search-settings'
import { slugFromName, slugify } from '../../../shared/slug'
import { mayHaveByline, STAFF_MESSAGES } from '../../../shared/staff'
import type { Database } from '../../db/client'
import { staff, tags } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import { type PostMediaStore, plainText, storedPostContent } from './post-content'

/** The tags of these that do not exist. */
export async function missingTags(db: Database | WriteTx, tagIds: number[]): Promise<number[]> {
  if (tagIds.length === 0) return []
  const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds))
  return tagIds.filter((id) => !found.some((tag) => tag.id === id))
}

/** Whether a byline may name this person (`mayHaveByline`). */
export async function isActiveWriter(db: Database | WriteTx, id: number): Promise<boolean> {
  const [person] = await db.select({ role: staff.role, state: staff.state }).from(staff).where(eq(staff.id, id))
  return person !== undefined && mayHaveByline(person)
}

/** Turns the form payload into column values, or says what is wrong with it. */
export async function prepare(
  db: Database,
  media: PostMediaStore,
  input: PostInput,
  now: number,
  previous?: Date | null,
) {
  const slug = input.slug?.trim() ? slugify(input.slug) : slugFromName(input.title)
  const tagIds = [...new Set(input.tags ?? [])]
  const missing = await missingTags(db, tagIds)
  if (missing.length > 0) return { ok: false as const, error: POST_MESSAGES.unknownTags(missing) }
  if (input.authorId !== undefined && !(await isActiveWriter(db, input.authorId)))
    return { ok: false as const, error: STAFF_MESSAGES.authorUnknown }
  const title = input.title.trim()
  const excerpt = await plainText(input.excerpt ?? '')
  const featuredImage = input.featuredImage?.trim() || null
  const settings = searchSettingsOf(input)
  const { shareImage } = settings
  const stored = await storedPostContent({ title, excerpt, content: input.content, featuredImage, shareImage }, media)
  if (!stored.ok) return { ok: false as const, error: stored.error }
  return {
    ok: true as const,
    tagIds,
    values: {
      title,
      slug,
      excerpt,
      content: stored.content,
      searchText: stored.searchText,
      featuredImage,
      featuredImageInfo: stored.featuredImageInfo,
      ...settings,
      ...(stored.shareImageInfo === undefined ? {} : { shareImageInfo: stored.shareImageInfo }),
      featured: input.featured ?? false,
      emailSubscribers: input.emailSubscribers, // left out (undefined), the box stays as it is
      status: input.status,
      // An unchanged date (or date and minute, as shown) keeps its exact time: an edit does not reorder a day's posts.
      publishedAt:
        previous && input.publishedAt && previous.toISOString().startsWith(input.publishedAt)
          ? previous
          : publicationTime(input.publishedAt, now)!,
      updatedAt: new Date(now),
      // Unset keeps the byline as it is (a new post's is whoever saves it).
      ...(input.authorId === undefined ? {} : { authorId: input.authorId }),
    },
  }
}

export type Prepared = Extract<Awaited<ReturnType<typeof prepare>>, { ok: true }>

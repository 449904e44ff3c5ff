import { eq } from 'drizzle-orm'
import type { PostDetail, PostSummary } from '../../../shared/blog'
import type { Database } from '../../db/client'
import { posts, postTags, tags } from '../../db/schema'

type PostRow = typeof posts.$inferSelect

/** The columns of a post list (no content): the public blog's and the administrator's. */
export const summaryColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  featuredImage: posts.featuredImage,
  featuredImageInfo: posts.featuredImageInfo,
  featured: posts.featured,
  status: posts.status,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  publishedAt: posts.publishedAt,
  authorId: posts.authorId,
}

type SummaryRow = Pick<PostRow, keyof typeof summaryColumns>

export function toSummary(row: SummaryRow): PostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    featuredImage: row.featuredImage,
    featuredImageInfo: row.featuredImageInfo ?? null,
    featured: row.featured,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    authorId: row.authorId,
  }
}

/** A whole post with its tags, as the post page and the editor read it. */
export async function toDetail(db: Database, row: PostRow): Promise<PostDetail> {
  const postTagRows = await db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(eq(postTags.postId, row.id))
    .orderBy(tags.name)
  return { ...toSummary(row), content: row.content, additionalImages: row.additionalImages ?? null, tags: postTagRows }
}

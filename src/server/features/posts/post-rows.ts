import { eq, sql } from 'drizzle-orm'
import type { PostDetail, PostSummary } from '../../../shared/blog'
import type { Database } from '../../db/client'
import { posts, postTags, staff, tags } from '../../db/schema'

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
  /** The byline: the author's name and the slug of their page, looked up by the primary key per row. */
  authorName: sql<string | null>`(SELECT ${staff.name} FROM ${staff} WHERE ${staff.id} = ${posts.authorId})`,
  authorSlug: sql<string | null>`(SELECT ${staff.slug} FROM ${staff} WHERE ${staff.id} = ${posts.authorId})`,
}

type SummaryRow = Pick<PostRow, Exclude<keyof typeof summaryColumns, 'authorName' | 'authorSlug'>> & {
  authorName: string | null
  authorSlug: string | null
}

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
    // A removed author whose posts were kept still has a name; someone not yet named has no byline.
    author: row.authorName ? { id: row.authorId, name: row.authorName, slug: row.authorSlug ?? '' } : null,
  }
}

/** A whole post with its tags, as the post page and the editor read it. */
export async function toDetail(db: Database, row: PostRow): Promise<PostDetail> {
  const [author] = await db
    .select({ authorName: staff.name, authorSlug: staff.slug })
    .from(staff)
    .where(eq(staff.id, row.authorId))
  const postTagRows = await db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(eq(postTags.postId, row.id))
    .orderBy(tags.name)
  const summary = toSummary({ ...row, authorName: author?.authorName ?? null, authorSlug: author?.authorSlug ?? null })
  return {
    ...summary,
    content: row.content,
    additionalImages: row.additionalImages ?? null,
    tags: postTagRows,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    canonicalUrl: row.canonicalUrl,
    noindex: row.noindex,
    shareImage: row.shareImage,
    shareImageInfo: row.shareImageInfo ?? null,
    shareTitle: row.shareTitle,
    shareDescription: row.shareDescription,
  }
}

import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { POST_STATUSES } from '../../../shared/blog'
import type { MediaImageInfo } from '../../../shared/media'

/** 192 random bits in hex, the same shape the migration gives existing posts. */
export const newDraftLinkToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('hex')

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitized HTML, rendered as stored. */
    content: text('content').notNull(),
    /** Lower-cased title, excerpt and text of the content: what search matches against. */
    searchText: text('search_text').notNull().default(''),
    featuredImage: text('featured_image'),
    /** Sizes, variants and alt text of an uploaded featured image, resolved when the post is saved. */
    featuredImageInfo: text('featured_image_info', { mode: 'json' }).$type<MediaImageInfo | null>(),
    additionalImages: text('additional_images', { mode: 'json' }).$type<string[] | null>(),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    /** When webhooks were last told of it as public (published or updated); null while they know it as not. */
    announcedAt: integer('announced_at', { mode: 'timestamp_ms' }),
    /** Email it to the newsletter's subscribers when it goes public (newsletter_issues records that it was). */
    emailSubscribers: integer('email_subscribers', { mode: 'boolean' }).notNull().default(false),
    authorId: integer('author_id').notNull().default(1),
    /** Who saved the standing version (null: before staff accounts, the owner). */
    updatedBy: integer('updated_by'),
    /** The secret in the post's draft link (the column keeps its first name); replacing it kills the old link. */
    draftLinkToken: text('preview_token').notNull().unique().$defaultFn(newDraftLinkToken),
    // Search and share settings (shared/post-search-settings.ts): '' is the default.
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    canonicalUrl: text('canonical_url').notNull().default(''),
    noindex: integer('noindex', { mode: 'boolean' }).notNull().default(false),
    shareImage: text('share_image').notNull().default(''),
    /** Like featuredImageInfo, for an uploaded share image. */
    shareImageInfo: text('share_image_info', { mode: 'json' }).$type<MediaImageInfo | null>(),
    shareTitle: text('share_title').notNull().default(''),
    shareDescription: text('share_description').notNull().default(''),
  },
  (table) => [
    index('posts_status_published_at_idx').on(table.status, table.publishedAt),
    index('posts_status_featured_published_at_idx').on(table.status, table.featured, table.publishedAt),
  ],
)

export const tags = sqliteTable('tags', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
})

export const postTags = sqliteTable(
  'post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.postId, table.tagId] }), index('post_tags_tag_id_idx').on(table.tagId)],
)

/** Slugs a published post had before its current one: their URLs answer 301 to the post as it is now. */
export const postSlugRedirects = sqliteTable(
  'post_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
  },
  (table) => [index('post_slug_redirects_post_id_idx').on(table.postId)],
)

/** The versions a post had before each save (the newest REVISIONS_KEPT per post), to look back and restore. */
export const postRevisions = sqliteTable(
  'post_revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** When this version was replaced. */
    savedAt: integer('saved_at', { mode: 'timestamp_ms' }).notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    featuredImage: text('featured_image'),
    featured: integer('featured', { mode: 'boolean' }).notNull(),
    status: text('status', { enum: POST_STATUSES }).notNull(),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    tagIds: text('tag_ids', { mode: 'json' }).notNull().$type<number[]>(),
  },
  (table) => [index('post_revisions_post_id_idx').on(table.postId, table.id)],
)

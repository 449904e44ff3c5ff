import { blob, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { posts } from './posts'

/**
 * Uploaded images. The bytes live in the database (media_files), so every app process, a remote libSQL
 * server and a backup all hold the same media.
 */
export const media = sqliteTable(
  'media',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Content hash of the upload; part of every URL made of it. */
    hash: text('hash').notNull().unique(),
    originalName: text('original_name').notNull().default(''),
    format: text('format').notNull(),
    /** Of the upright original. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    /** Bytes of the upload as received. */
    originalSize: integer('original_size').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('media_created_at_idx').on(table.createdAt)],
)

/** The WebP files made of an upload, served at `/media/{name}`. */
export const mediaFiles = sqliteTable(
  'media_files',
  {
    /** `{hash}-{width}.webp` or `{hash}-share.webp`. */
    name: text('name').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['variant', 'share'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
  },
  (table) => [index('media_files_media_id_idx').on(table.mediaId)],
)

/** Which uploads each post shows (content or featured image), kept with every save: a used upload is never deleted. */
export const postMedia = sqliteTable(
  'post_media',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.mediaId] }),
    index('post_media_media_id_idx').on(table.mediaId),
  ],
)

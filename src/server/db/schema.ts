import { blob, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { APPLICATION_STATUSES } from '../../shared/application-pipeline'
import { POST_STATUSES } from '../../shared/blog'
import type { MediaImageInfo } from '../../shared/media'

export * from './schema-applications'
export * from './schema-jobs'
export * from './schema-mail'

/** 192 random bits in hex, the same shape the migration gives existing posts. */
export const newPreviewToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('hex')

/**
 * Small server-side settings that must be shared by every app process using the same database
 * (for example the generated admin password hash), so they cannot live in memory or in a file.
 */
export const appSettings = sqliteTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})

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
    authorId: integer('author_id').notNull().default(1),
    /** The secret in the post's preview link; replacing it kills the old link. */
    previewToken: text('preview_token').notNull().unique().$defaultFn(newPreviewToken),
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

export const jobApplications = sqliteTable(
  'job_applications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jobId: integer('job_id').notNull(),
    jobTitle: text('job_title').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    location: text('location').notNull().default(''),
    portfolioUrl: text('portfolio_url').notNull().default(''),
    linkedinUrl: text('linkedin_url').notNull().default(''),
    githubUrl: text('github_url').notNull().default(''),
    experience: text('experience').notNull().default(''),
    availability: text('availability').notNull().default(''),
    coverLetter: text('cover_letter').notNull(),
    resumeText: text('resume_text').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** The applicant's browser's Idempotency-Key: the same key again is the same application. */
    idempotencyKey: text('idempotency_key').unique(),
    /** Where the recruiter has it in the pipeline. */
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('new'),
  },
  (table) => [
    index('job_applications_created_at_idx').on(table.createdAt),
    index('job_applications_job_id_idx').on(table.jobId, table.createdAt),
  ],
)

/**
 * Failed administrator logins per client address: a growing lockout for the client that fails, never
 * for anyone else (see features/admin/login-throttle.ts).
 */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    client: text('client').primaryKey(),
    /** Attempts since the last success, lock or quiet window (counted before the password is checked). */
    failures: integer('failures').notNull(),
    /** Locks so far: each one is twice as long as the last. */
    lockouts: integer('lockouts').notNull(),
    lockedUntil: integer('locked_until').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('login_failures_updated_at_idx').on(table.updatedAt)],
)

/** Fixed-window counters shared by every process on the same database (applications, login pressure). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
})

/** Administrator sessions: only a SHA-256 of each random token is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    /** Where and in what browser it signed in, so the administrator can tell their sessions apart. */
    clientAddress: text('client_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('sessions_created_at_idx').on(table.createdAt)],
)

/**
 * The administrator's TOTP second factor (one row, id 1). `pendingSecret` waits for its first code;
 * `lastStep` is the newest time step accepted, so a code is never accepted twice.
 */
export const twoFactor = sqliteTable('two_factor', {
  id: integer('id').primaryKey(),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  /** The session that asked for the pending secret, when, and its wrong first codes so far. */
  pendingSessionId: integer('pending_session_id'),
  pendingCreatedAt: integer('pending_created_at'),
  pendingFailures: integer('pending_failures').notNull().default(0),
  lastStep: integer('last_step').notNull().default(0),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})

/** One-time recovery codes for the second factor: only a SHA-256 of each is stored; using one deletes it. */
export const recoveryCodes = sqliteTable('recovery_codes', {
  codeHash: text('code_hash').primaryKey(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})

/** Security and content events, newest read first; kept for AUDIT_RETENTION_DAYS. Never secrets. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    type: text('type').notNull(),
    clientAddress: text('client_address').notNull().default(''),
    /** What the event was about (a post title, a session's browser), shown beside it. */
    subject: text('subject').notNull().default(''),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_type_idx').on(table.type, table.at)],
)

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

/**
 * The event the event page shows and the home page promotes, as the administrator last saved it: one row
 * (id 1), absent until the first save (the spec's event is the default, in src/shared/event.ts).
 */
export const siteEvent = sqliteTable('site_event', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  /** yyyy-MM-dd, the event's day in the site's time zone (UTC). */
  date: text('date').notNull(),
  location: text('location').notNull(),
  rsvpLabel: text('rsvp_label').notNull(),
  rsvpUrl: text('rsvp_url').notNull(),
  description: text('description').notNull(),
  promoteOnHome: integer('promote_on_home', { mode: 'boolean' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})

import { sql } from 'drizzle-orm'
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ROLES, STAFF_STATES } from '../../../shared/staff'

/**
 * The studio's people. Row 1 is the owner, made by the migration that brought accounts: the owner's
 * password stays the administrator password in app_settings (ADMIN_PASSWORD, `admin:password`), so
 * `password_hash` is only for everyone else. An invited person has a row (state `invited`) and no password.
 */
export const staff = sqliteTable(
  'staff',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull().default(''),
    /** As typed; unique without case (the index). */
    email: text('email').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull(),
    state: text('state', { enum: STAFF_STATES }).notNull(),
    passwordHash: text('password_hash'),
    /** Their author page: /blog/author/{slug}. */
    slug: text('slug').notNull(),
    bio: text('bio').notNull().default(''),
    /**
     * One more each time all the person's sessions are ended (auth/sessions.ts): a sign-in that began
     * before starts no session after.
     */
    signInGeneration: integer('sign_in_generation').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    uniqueIndex('staff_email_unique').on(sql`lower(${table.email})`).where(sql`${table.email} <> ''`),
    uniqueIndex('staff_slug_unique').on(table.slug),
  ],
)

/** Single-use links to join the staff: only a SHA-256 of each token is stored. */
export const staffInvitations = sqliteTable(
  'staff_invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('staff_invitations_staff_id_idx').on(table.staffId)],
)

/** Each person's passkeys (WebAuthn discoverable credentials): the public key and the signature counter. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential ID, base64url. */
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    publicKey: blob('public_key', { mode: 'buffer' }).notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' }).$type<string[]>().notNull(),
    /** What the person calls it ("Laptop", "Phone"). */
    name: text('name').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('passkeys_staff_id_idx').on(table.staffId)],
)

/**
 * WebAuthn challenges waiting for their answer, each usable once and for a few minutes: in the database
 * so that the answer may reach any process. A registration's belongs to the person adding a passkey.
 */
export const webauthnChallenges = sqliteTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
  staffId: integer('staff_id'),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
})

/**
 * Who has a post open in the editor, renewed by each open editor every few seconds: any process can tell
 * the next person "{name} is editing this post".
 */
export const postPresence = sqliteTable(
  'post_presence',
  {
    postId: integer('post_id').notNull(),
    sessionId: integer('session_id').notNull(),
    staffId: integer('staff_id').notNull(),
    seenAt: integer('seen_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.sessionId] })],
)

/**
 * "Forgot password" links: single-use, for half an hour. Only a SHA-256 of each token is kept here; the
 * email in the outbox holds the link itself, as an invitation's does.
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('password_resets_staff_id_idx').on(table.staffId)],
)

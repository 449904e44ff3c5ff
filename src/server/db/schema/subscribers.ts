import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { posts } from './posts'

/**
 * People who asked for the newsletter. An address is `pending` until its owner follows the emailed link
 * (double opt-in) and is deleted if they never do; unsubscribing deletes the row, keeping only a fingerprint
 * of the address (below). `key` is the secret in every email's preferences and unsubscribe links.
 */
export const subscribers = sqliteTable(
  'subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull().unique(),
    name: text('name').notNull().default(''),
    state: text('state', { enum: ['pending', 'active'] })
      .notNull()
      .default('pending'),
    key: text('key').notNull().unique(),
    /** The SHA-256 of the single-use confirmation link's token, until it is used. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    /** When the last confirmation link was sent: it works for SUBSCRIBE_CONFIRM_DAYS from then. */
    confirmSentAt: integer('confirm_sent_at', { mode: 'timestamp_ms' }),
    /** Only posts with one of these tags (their slugs); null for every post. */
    tags: text('tags', { mode: 'json' }).$type<string[] | null>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('subscribers_state_created_idx').on(table.state, table.createdAt)],
)

/**
 * A post emailed to the subscribers: made once, when the post goes public, with one outbox row per
 * recipient (mail_outbox.issue_id) and the message rendered here once; each row fills in its recipient's
 * links when it is sent. The counts are written when the last row is settled, as the outbox forgets.
 */
export const newsletterIssues = sqliteTable('newsletter_issues', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  postId: integer('post_id')
    .notNull()
    .unique()
    .references(() => posts.id, { onDelete: 'cascade' }),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  total: integer('total').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
  sent: integer('sent').notNull().default(0),
  failed: integer('failed').notNull().default(0),
})

/**
 * Addresses that unsubscribed, as the SHA-256 of the address alone: an import of an old list must not
 * subscribe them again. Subscribing again themselves, and confirming, takes an address off.
 */
export const newsletterSuppressions = sqliteTable('newsletter_suppressions', {
  addressHash: text('address_hash').primaryKey(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})

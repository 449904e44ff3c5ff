import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * People who asked for the newsletter. An address is `pending` until its owner follows the emailed link
 * (double opt-in) and is deleted if they never do; unsubscribing deletes the row, so nothing is kept of
 * someone who left. `key` is the secret in every email's preferences and unsubscribe links.
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

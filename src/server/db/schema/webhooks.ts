import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_KINDS, type WebhookEvent } from '../../../shared/webhooks'

/** Where the site tells others what happened (shared/webhooks.ts); the owner's to set. */
export const webhooks = sqliteTable('webhooks', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  url: text('url').notNull(),
  kind: text('kind', { enum: WEBHOOK_KINDS }).notNull(),
  events: text('events', { mode: 'json' }).notNull().$type<WebhookEvent[]>(),
  /** A Standard Webhooks secret (`whsec_…`), shown once; '' for Discord, which takes no signature. */
  secret: text('secret').notNull().default(''),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})

/**
 * One event to one webhook: queued, tried with backoff, and logged. `messageId` is the `webhook-id` every
 * try sends, so a receiver can tell a retry from a new event.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull().$type<WebhookEvent | 'webhook.test'>(),
    payload: text('payload').notNull(),
    messageId: text('message_id').notNull().unique(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    /** The run holding it, and until when: a run that died leaves it to others after that. */
    claimToken: text('claim_token'),
    claimedUntil: integer('claimed_until'),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_hook_idx').on(table.webhookId, table.id),
  ],
)

/**
 * Posts deleted while the webhooks knew them as public: written by a trigger on `posts` (migration 0028),
 * whatever deleted the row, so the announcer can still tell `post.unpublished`, and then removes the row.
 */
export const deletedPublicPosts = sqliteTable('deleted_public_posts', {
  postId: integer('post_id').primaryKey(),
  title: text('title').notNull(),
  slug: text('slug').notNull(),
  excerpt: text('excerpt').notNull(),
  featuredImage: text('featured_image'),
  /** The author's name as it was, for the event's `author`. */
  author: text('author'),
  deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }).notNull(),
})

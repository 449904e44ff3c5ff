import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Email waiting to go out, written in the same transaction as the event that causes it and sent by a
 * background loop (src/server/mail): an SMTP outage delays mail and loses none. A sender claims rows
 * before sending, so several processes never send one row twice.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What the message is about (`application:12`), so it goes when that is deleted. */
    ref: text('ref').notNull(),
    kind: text('kind').notNull(),
    to: text('to_address').notNull(),
    replyTo: text('reply_to').notNull().default(''),
    /** The staff member who wrote it (their name then); '' for what the site sends by itself. */
    sender: text('sender').notNull().default(''),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** An HTML alternative to the text ('' for none): a newsletter's test message. */
    html: text('html').notNull().default(''),
    /** An iCalendar invitation sent with it (its METHOD line says request or cancel); '' for none. */
    calendar: text('calendar').notNull().default(''),
    /** The Message-ID every attempt sends, so a receiver can tell a resend from a new message. */
    messageId: text('message_id').notNull().unique(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    /** The sender holding the row, and until when: a sender that died leaves it to others after that. */
    claimToken: text('claim_token'),
    claimedUntil: integer('claimed_until'),
    lastError: text('last_error').notNull().default(''),
    /** A newsletter's row: its body is the issue's, with this recipient's links (sent after other mail, paced). */
    issueId: integer('issue_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    index('mail_outbox_status_next_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_ref_idx').on(table.ref),
    index('mail_outbox_issue_idx').on(table.issueId, table.status),
  ],
)

import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * The recruiters' email templates (issue 40): a rejection, an interview invitation, a free message to begin
 * with (migration 0022), each with merge fields (src/shared/candidate-email.ts).
 */
export const emailTemplates = sqliteTable('email_templates', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})

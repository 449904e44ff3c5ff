import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Small server-side settings that must be shared by every app process using the same database
 * (for example the generated admin password hash), so they cannot live in memory or in a file.
 */
export const appSettings = sqliteTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})

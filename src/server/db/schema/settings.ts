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

/**
 * What each public content change affected, by surrogate key (cache/surrogate-keys.ts), so every process's
 * page cache drops only the pages that show it. `version` is the content version the change stored beside
 * it: a version without its row here was written by a process that keeps no log (an older release during
 * an upgrade), and turns every cache over. Only the newest rows are kept.
 */
export const contentChanges = sqliteTable('content_changes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  version: text('version').notNull(),
  /** Space-separated keys; `*` for a change to everything. */
  keys: text('keys').notNull(),
  changedAt: integer('changed_at', { mode: 'timestamp_ms' }).notNull(),
})

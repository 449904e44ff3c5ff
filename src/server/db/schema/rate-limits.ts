import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** Fixed-window counters shared by every process on the same database (applications, login pressure). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
})

import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * First-party analytics (features/analytics). Nothing here names a person: a visitor is a hash made with the
 * day's salt, and the salt and the day's hashes are deleted once the day is over; the daily figures stay.
 */

/** One random salt per day, shared by every process on the database; deleted once its day is over. */
export const analyticsSalts = sqliteTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
})

/**
 * Counts per day: `path` '' is the whole site, a page's path is that page alone; `kind` and `key` say what
 * is counted (features/analytics/counts.ts). Written as views come in, so a report reads only this.
 */
export const analyticsDaily = sqliteTable(
  'analytics_daily',
  {
    day: text('day').notNull(),
    path: text('path').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.path, table.kind, table.key] }),
    index('analytics_daily_by_path').on(table.path, table.kind, table.day),
    index('analytics_daily_by_kind').on(table.kind, table.day),
  ],
)

/**
 * Which visitors each count of the day has seen, so a visitor is counted once per count across processes;
 * deleted with the day's salt.
 */
export const analyticsSeen = sqliteTable(
  'analytics_seen',
  {
    day: text('day').notNull(),
    path: text('path').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    visitor: text('visitor').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.path, table.kind, table.key, table.visitor] })],
)

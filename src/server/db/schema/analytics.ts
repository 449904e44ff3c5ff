import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * First-party analytics (features/analytics). Nothing here names a person: a visitor is a hash made with
 * the day's salt, which is deleted with the day's events when the day is rolled up into `analytics_daily`.
 */

/** One random salt per day, shared by every process on the database; deleted once its day is over. */
export const analyticsSalts = sqliteTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
})

/** The day's events, as counted; rolled up and deleted once the day is over. */
export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    day: text('day').notNull(),
    /** The day's hash of salt, site, client and user agent: the same browser on another day is another visitor. */
    visitor: text('visitor').notNull(),
    event: text('event').notNull(),
    path: text('path').notNull(),
    /** The visit began on this page. */
    entry: integer('entry', { mode: 'boolean' }).notNull(),
    /** The referring site's host, on the first page of a visit from another site. */
    source: text('source'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    os: text('os').notNull(),
    jobId: integer('job_id'),
  },
  (table) => [index('analytics_events_day').on(table.day)],
)

/**
 * Counts per day: `path` '' is the whole site, a page's path is that page alone; `kind` and `key` say what
 * is counted (kinds in features/analytics/aggregates.ts).
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
  (table) => [primaryKey({ columns: [table.day, table.path, table.kind, table.key] })],
)

import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * The event the event page shows and the home page promotes, as the administrator last saved it: one row
 * (id 1), absent until the first save (the spec's event is the default, in src/shared/event.ts).
 */
export const siteEvent = sqliteTable('site_event', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  /** yyyy-MM-dd, the event's day in the site's time zone (UTC). */
  date: text('date').notNull(),
  location: text('location').notNull(),
  rsvpLabel: text('rsvp_label').notNull(),
  rsvpUrl: text('rsvp_url').notNull(),
  description: text('description').notNull(),
  promoteOnHome: integer('promote_on_home', { mode: 'boolean' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})

import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

/**
 * The studio's events. Row 1 is the spec's, served at /rdc25 whatever its slug; the others at
 * /events/{slug}. Migration 0030 moved the one event of before (site_event) here, or the spec's when it
 * had never been saved.
 */
export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    /** IANA, the clock its times are shown on. */
    timeZone: text('time_zone').notNull(),
    /** '' while to be announced. */
    place: text('place').notNull(),
    description: text('description').notNull(),
    rsvpLabel: text('rsvp_label').notNull(),
    rsvpUrl: text('rsvp_url').notNull(),
    coverImage: text('cover_image').notNull(),
    visibility: text('visibility', { enum: ['public', 'unlisted'] }).notNull(),
    promoteOnHome: integer('promote_on_home', { mode: 'boolean' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    uniqueIndex('events_slug_unique').on(sql`lower(${table.slug})`),
    index('events_starts_at').on(table.startsAt),
  ],
)

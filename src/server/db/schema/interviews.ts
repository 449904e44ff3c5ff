import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { INTERVIEW_STATES } from '../../../shared/interview'
import type { Rating, Recommendation } from '../../../shared/scorecard'
import { jobApplications } from './applications'

/**
 * An application's interviews (shared/interview.ts). `uid` and `sequence` are the iCalendar event's: every
 * update and the cancellation carry the same UID and a higher SEQUENCE, so calendars move or drop it.
 */
export const interviews = sqliteTable(
  'interviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull().unique(),
    sequence: integer('sequence').notNull().default(0),
    state: text('state', { enum: INTERVIEW_STATES }).notNull().default('scheduled'),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    minutes: integer('minutes').notNull(),
    location: text('location').notNull(),
    /** Who interviews, with their names then. */
    interviewers: text('interviewers', { mode: 'json' }).notNull().$type<{ staffId: number; name: string }[]>(),
    /** Who scheduled it, or last moved or cancelled it (their name then). */
    byName: text('by_name').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('interviews_application_idx').on(table.applicationId, table.startsAt)],
)

/** One scorecard per person per application: submitting again replaces it. */
export const scorecards = sqliteTable(
  'scorecards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').notNull(),
    byName: text('by_name').notNull().default(''),
    ratings: text('ratings', { mode: 'json' }).notNull().$type<Record<string, Rating>>(),
    overall: text('overall').notNull().$type<Recommendation>(),
    note: text('note').notNull().default(''),
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [uniqueIndex('scorecards_application_staff_idx').on(table.applicationId, table.staffId)],
)

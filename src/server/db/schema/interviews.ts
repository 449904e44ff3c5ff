import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { INTERVIEW_CHANGES, INTERVIEW_STATES } from '../../../shared/interview'
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
    /**
     * The name the iCalendar ORGANIZER carries: who scheduled it (their name then). Its address is the hiring
     * team's, for every update and the cancellation, whoever sends them, as RFC 5546 asks of one organizer.
     */
    organizerName: text('organizer_name').notNull(),
    /** Everyone ever asked to it: still an interviewer of the candidate after taking themselves off. */
    invitedIds: text('invited_ids', { mode: 'json' }).notNull().$type<number[]>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('interviews_application_idx').on(table.applicationId, table.startsAt)],
)

/** Each interview's history, for the candidate's timeline: scheduled, moved, cancelled, by whom and when. */
export const interviewEvents = sqliteTable(
  'interview_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INTERVIEW_CHANGES }).notNull(),
    /** The interview as it stood after the change (shared/interview.ts interviewSummary). */
    summary: text('summary').notNull(),
    byName: text('by_name').notNull().default(''),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('interview_events_application_idx').on(table.applicationId, table.id)],
)

/** One scorecard per person per application, final once submitted (no one's view leans on another's). */
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

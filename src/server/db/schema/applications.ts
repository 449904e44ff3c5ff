import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { APPLICATION_STATUSES } from '../../../shared/application-pipeline'
import type { StoredAnswer } from '../../../shared/job-questions'
import { RESUME_FORMAT_NAMES } from '../../../shared/resume-file'

export const jobApplications = sqliteTable(
  'job_applications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jobId: integer('job_id').notNull(),
    jobTitle: text('job_title').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    location: text('location').notNull().default(''),
    portfolioUrl: text('portfolio_url').notNull().default(''),
    linkedinUrl: text('linkedin_url').notNull().default(''),
    githubUrl: text('github_url').notNull().default(''),
    experience: text('experience').notNull().default(''),
    availability: text('availability').notNull().default(''),
    coverLetter: text('cover_letter').notNull(),
    resumeText: text('resume_text').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** The applicant's browser's Idempotency-Key: the same key again is the same application. */
    idempotencyKey: text('idempotency_key').unique(),
    /** Where the recruiter has it in the pipeline. */
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('new'),
    /** The applicant asked to be kept in mind for future roles: kept KEEP_IN_MIND_FACTOR times longer. */
    keepInMind: integer('keep_in_mind', { mode: 'boolean' }).notNull().default(false),
    /** The answers to the job's own questions, each with the question as it was asked. */
    answers: text('answers', { mode: 'json' }).notNull().$type<StoredAnswer[]>().default([]),
  },
  (table) => [
    index('job_applications_created_at_idx').on(table.createdAt),
    index('job_applications_job_id_idx').on(table.jobId, table.createdAt),
  ],
)

/* What a recruiter adds to an application (issue 20). */

/** An application's résumé file (one at most), kept in the database like media; deleted with it. */
export const applicationFiles = sqliteTable('application_files', {
  applicationId: integer('application_id')
    .primaryKey()
    .references(() => jobApplications.id, { onDelete: 'cascade' }),
  /** The applicant's name for it, made safe, with the extension of the format its bytes are. */
  fileName: text('file_name').notNull(),
  format: text('format', { enum: RESUME_FORMAT_NAMES }).notNull(),
  size: integer('size').notNull(),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
})

/** An application's dated history: the recruiter's notes and its status changes. */
export const applicationNotes = sqliteTable(
  'application_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['note', 'status'] }).notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** Who wrote it or moved the application, and their name then (it stays after they leave). */
    authorId: integer('author_id'),
    authorName: text('author_name').notNull().default(''),
  },
  (table) => [index('application_notes_application_id_idx').on(table.applicationId, table.id)],
)

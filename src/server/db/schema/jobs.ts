import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import type { JobQuestion } from '../../../shared/job-questions'
import { JOB_STATUSES, JOB_TYPE_NAMES, SALARY_UNIT_NAMES } from '../../../shared/jobs'

/* Job postings (issue 20); part of the schema through schema.ts. */

/**
 * Job postings, managed in the admin (seeded once from src/content/jobs.ts). The public sees active jobs
 * until their closing date; a closed job's page says so; drafts are the admin's alone.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    department: text('department').notNull(),
    type: text('type', { enum: JOB_TYPE_NAMES as [string, ...string[]] }).notNull(),
    description: text('description').notNull(),
    responsibilities: text('responsibilities', { mode: 'json' }).notNull().$type<string[]>(),
    requirements: text('requirements', { mode: 'json' }).notNull().$type<string[]>(),
    benefits: text('benefits', { mode: 'json' }).notNull().$type<string[]>(),
    city: text('city').notNull().default(''),
    region: text('region').notNull().default(''),
    /** ISO 3166-1 alpha-2, or '' for a remote job without an office. */
    country: text('country').notNull().default(''),
    remote: integer('remote', { mode: 'boolean' }).notNull().default(false),
    remoteCountries: text('remote_countries', { mode: 'json' }).notNull().$type<string[]>().default([]),
    remoteTimeZones: text('remote_time_zones').notNull().default(''),
    salaryMin: real('salary_min'),
    salaryMax: real('salary_max'),
    salaryCurrency: text('salary_currency').notNull().default('USD'),
    salaryUnit: text('salary_unit', { enum: SALARY_UNIT_NAMES as [string, ...string[]] })
      .notNull()
      .default('YEAR'),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('draft'),
    /** The last moment it takes applications; null: until it is closed. */
    validThrough: integer('valid_through', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    /** When it was first made active: the public lists are newest first by it. */
    postedAt: integer('posted_at', { mode: 'timestamp_ms' }),
    /** When webhooks were told it was published; null until then. */
    announcedAt: integer('announced_at', { mode: 'timestamp_ms' }),
    /** Its own questions to applicants (job-questions.ts). */
    questions: text('questions', { mode: 'json' }).notNull().$type<JobQuestion[]>().default([]),
    /** The attributes its interviewers rate on their scorecards (scorecard.ts). */
    scorecard: text('scorecard', { mode: 'json' }).notNull().$type<string[]>().default([]),
  },
  (table) => [index('jobs_status_posted_at_idx').on(table.status, table.postedAt)],
)

/**
 * Slugs a job had while the public could see it, before its current one: their URLs answer 301 to the job
 * as it is now, so a link shared on a job board keeps working after an edit. A job that takes one of
 * these slugs as its own takes the address over.
 */
export const jobSlugRedirects = sqliteTable(
  'job_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
  },
  (table) => [index('job_slug_redirects_job_id_idx').on(table.jobId)],
)

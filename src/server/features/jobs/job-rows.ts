import { and, eq, gte, isNotNull, isNull, ne, or } from 'drizzle-orm'
import { locationLabel, salaryLabel } from '../../../shared/job-labels'
import type { ValidJob } from '../../../shared/job-schema'
import type { Job, JobType, SalaryUnit } from '../../../shared/jobs'
import { jobs } from '../../db/schema'

export type JobRow = typeof jobs.$inferSelect

/**
 * "Public" in one place: posted once (made active) and not a draft. A job saved straight as closed is not
 * public; a closed job that was posted has a page saying so.
 */
export const isPublic = () => and(ne(jobs.status, 'draft'), isNotNull(jobs.postedAt))

export const isPublicRow = (row: Pick<JobRow, 'status' | 'postedAt'>) => row.status !== 'draft' && row.postedAt !== null

/**
 * "Open" in one place: active, and its closing date (if any) not passed. The public lists show only open
 * jobs; a job that is not open but not a draft has a page saying it is closed.
 */
export const isOpenAt = (now: number) =>
  and(eq(jobs.status, 'active'), or(isNull(jobs.validThrough), gte(jobs.validThrough, new Date(now))))

export const isOpenRow = (row: Pick<JobRow, 'status' | 'validThrough'>, now: number) =>
  row.status === 'active' && (row.validThrough === null || row.validThrough.getTime() >= now)

/** A row as the pages read it, with its location and salary in words (made here, so both sides show the same). */
export function toJob(row: JobRow, now: number): Job {
  const fields = {
    slug: row.slug,
    title: row.title,
    department: row.department,
    type: row.type as JobType,
    description: row.description,
    responsibilities: row.responsibilities,
    requirements: row.requirements,
    benefits: row.benefits,
    city: row.city,
    region: row.region,
    country: row.country,
    remote: row.remote,
    remoteCountries: row.remoteCountries,
    remoteTimeZones: row.remoteTimeZones,
    salaryMin: row.salaryMin,
    salaryMax: row.salaryMax,
    salaryCurrency: row.salaryCurrency,
    salaryUnit: row.salaryUnit as SalaryUnit,
  }
  const salaryRange = salaryLabel(fields)
  return {
    id: row.id,
    ...fields,
    location: locationLabel(fields),
    ...(salaryRange ? { salaryRange } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    postedAt: row.postedAt?.toISOString() ?? null,
    validThrough: row.validThrough?.toISOString() ?? null,
    open: isOpenRow(row, now),
    questions: row.questions,
  }
}

/** The columns a checked payload writes (the slug included); the timestamps are the writer's. */
export const rowValues = ({ validThrough, ...fields }: ValidJob) => ({ ...fields, validThrough })

import type { JobQuestion } from './job-questions'
/** Job postings as the public pages and the admin see them; their rules and messages are in job-rules.ts. */

/** Draft: only the admin sees it. Active: listed until its closing date. Closed: its page says so. */
export const JOB_STATUSES = ['draft', 'active', 'closed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** The job types the site offers, each with its schema.org `employmentType`. */
export const JOB_TYPES = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Temporary: 'TEMPORARY',
  Internship: 'INTERN',
} as const
export type JobType = keyof typeof JOB_TYPES
export const JOB_TYPE_NAMES = Object.keys(JOB_TYPES) as JobType[]

/** The period a salary is paid for (schema.org `unitText`), and how a range says it; a yearly one says nothing. */
export const SALARY_UNITS = {
  YEAR: '',
  MONTH: 'per month',
  WEEK: 'per week',
  DAY: 'per day',
  HOUR: 'per hour',
} as const
export type SalaryUnit = keyof typeof SALARY_UNITS
export const SALARY_UNIT_NAMES = Object.keys(SALARY_UNITS) as SalaryUnit[]

/** The fields a recruiter writes, as the admin API takes them (src/shared/job-schema.ts) and the database keeps them. */
export interface JobFields {
  slug: string
  title: string
  department: string
  type: JobType
  /** Plain text, paragraphs separated by a blank line; the first 150 characters are the card's preview. */
  description: string
  responsibilities: string[]
  requirements: string[]
  benefits: string[]
  /** Where the work is done: required unless the job is remote (ISO 3166-1 alpha-2 country). */
  city: string
  region: string
  country: string
  remote: boolean
  /** Remote jobs: the countries applicants may live in (ISO 3166-1 alpha-2), at least one. */
  remoteCountries: string[]
  /** Remote jobs: the working hours' time zones, in words ('US time zones'); optional. */
  remoteTimeZones: string
  /** No salary shown when null; a single amount when there is no maximum. */
  salaryMin: number | null
  salaryMax: number | null
  /** ISO 4217 code. */
  salaryCurrency: string
  salaryUnit: SalaryUnit
}

/** A job as the public pages read it (`GET /api/jobs`, `GET /api/jobs/{slug}`). */
export interface Job extends JobFields {
  id: number
  /** 'Los Angeles, CA, United States' or 'Remote (US time zones)': made on the server, so both sides show the same. */
  location: string
  /** '$150,000 – $185,000' or '$24 – $28 per hour'; absent without a salary. */
  salaryRange?: string
  createdAt: string
  updatedAt: string
  /** When it was first made active (schema.org `datePosted`); the lists are newest first by it. */
  postedAt: string | null
  /** The last moment it takes applications (ISO 8601), or null when it stays open until closed. */
  validThrough: string | null
  /** Active and not past its closing date: false for a closed job, whose page says so. */
  open: boolean
  /** What the job asks applicants beside the form's own fields. */
  questions: JobQuestion[]
}

/** A job in the admin's list (`GET /api/admin/jobs`). */
export interface AdminJob extends Job {
  status: JobStatus
  applicationCount: number
}

export const JOB_PREVIEW_LENGTH = 150
export const ALL_DEPARTMENTS = 'All Positions'

/** Each distinct department of the listed jobs with its count, in order of first appearance. */
export function departmentCounts(listed: readonly Pick<Job, 'department'>[]): { department: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const job of listed) counts.set(job.department, (counts.get(job.department) ?? 0) + 1)
  return [...counts].map(([department, count]) => ({ department, count }))
}

/** The first 150 characters of the description, cut at a word when possible. */
export function jobPreview(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim()
  if (flat.length <= JOB_PREVIEW_LENGTH) return flat
  const cut = flat.slice(0, JOB_PREVIEW_LENGTH)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > 100 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`
}

/** The description's paragraphs (separated by blank lines). */
export const descriptionParagraphs = (description: string) =>
  description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)

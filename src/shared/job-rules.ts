import { FIELD_MESSAGES } from './field-messages'

/** The job form's rules, shared by the admin form and the admin API (src/shared/job-schema.ts). */

export const JOB_LIMITS = {
  title: 120,
  slug: 200,
  department: 60,
  description: 6000,
  listItem: 300,
  listItems: 20,
  city: 80,
  region: 80,
  remoteCountries: 30,
  remoteTimeZones: 80,
  /** Larger than any salary, smaller than where floating point stops counting cents. */
  salary: 100_000_000,
} as const

/** A JSON job is small; the limit leaves room for every field at its longest. */
export const JOB_BODY_LIMIT_BYTES = 256 * 1024

/** The three lists a job page shows, with how the form names one item. */
export const JOB_LISTS = {
  responsibilities: { label: 'Key responsibilities', item: 'Responsibility' },
  requirements: { label: 'Requirements', item: 'Requirement' },
  benefits: { label: 'What we offer', item: 'Benefit' },
} as const
export type JobListField = keyof typeof JOB_LISTS

export const JOB_MESSAGES = {
  titleRequired: FIELD_MESSAGES.required('Title'),
  slugRequired: 'Give the job a slug with letters (a–z) or digits: the title has none to make one from',
  departmentRequired: FIELD_MESSAGES.required('Department'),
  descriptionRequired: FIELD_MESSAGES.required('Description'),
  listRequired: (label: string) => `${label}: add at least one item`,
  listItemEmpty: (label: string, position: number) => `${label}: item ${position} is empty`,
  cityRequired: 'City is required unless the job is remote',
  countryRequired: 'Country is required unless the job is remote',
  unknownCountry: (code: string) => `"${code}" is not an ISO 3166-1 country code (such as US, CA or GB)`,
  remoteCountriesRequired: 'A remote job names at least one country its applicants may live in',
  duplicateCountry: (code: string) => `${code} is listed twice`,
  salaryMinRequired: 'Enter where the salary starts (From), or leave To empty as well',
  salaryOrder: 'Salary To must not be below From',
  unknownCurrency: (code: string) => `"${code}" is not a currency code (such as USD, CAD or EUR)`,
  validThroughRule: 'Closing date must be a date (yyyy-MM-dd) or a date and time (ISO 8601)',
  validThroughPassed: 'The closing date has passed: choose a later date or none, or close the job',
  notFound: 'Job not found',
  duplicateSlug: (slug: string) => `A job with the slug "${slug}" already exists`,
  hasApplications: (count: number) =>
    `This job has ${count === 1 ? 'one application' : `${count} applications`}: delete ${count === 1 ? 'it' : 'them'} first, or close the job instead.`,
} as const

/** A closing date (the whole day, UTC) or a date and time (ISO 8601, UTC unless it says otherwise). */
export const VALID_THROUGH_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?)?$'

/**
 * The last moment a job takes applications. A date alone is the end of that day in the site's time zone
 * (UTC); a date and time is that instant. Null for a day or time that does not exist (2026-02-31, 25:00).
 */
export function closingTime(value: string): Date | null {
  const [, year, month, day, time, zone] =
    /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:\d{2})?)?$/.exec(value) ?? []
  if (!year) return null
  const date = `${year}-${month}-${day}`
  if (new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) return null
  if (time && (Number(time.slice(0, 2)) > 23 || Number(time.slice(3, 5)) > 59 || Number(time.slice(6, 8) || 0) > 59))
    return null
  const moment = new Date(time ? `${date}T${time}${zone ?? 'Z'}` : `${date}T23:59:59.999Z`)
  return Number.isNaN(moment.getTime()) ? null : moment
}

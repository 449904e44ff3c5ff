import { type Static, Type } from '@sinclair/typebox'
import { isCountryCode, isCurrencyCode } from './countries'
import { FIELD_MESSAGES } from './field-messages'
import {
  type JobQuestion,
  QUESTION_ID_PATTERN,
  QUESTION_KINDS,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
} from './job-questions'
import { closingTime, JOB_LIMITS, JOB_LISTS, JOB_MESSAGES, type JobListField, VALID_THROUGH_PATTERN } from './job-rules'
import { type AdminJob, JOB_STATUSES, JOB_TYPE_NAMES, type JobFields, type JobStatus, SALARY_UNIT_NAMES } from './jobs'
import { checkSchema, fieldWithControlCharacters } from './schema-check'
import { type FieldProblem, fieldProblem, type SchemaFields } from './schema-messages'
import { slugify } from './slug'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const list = Type.Array(Type.String({ maxLength: JOB_LIMITS.listItem }), { maxItems: JOB_LIMITS.listItems })
const amount = Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: JOB_LIMITS.salary }), Type.Null()])
const question = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: QUESTION_LIMITS.id })),
    label: Type.String({ maxLength: QUESTION_LIMITS.label }),
    kind: literals(QUESTION_KINDS),
    options: Type.Optional(
      Type.Array(Type.String({ maxLength: QUESTION_LIMITS.option }), { maxItems: QUESTION_LIMITS.options }),
    ),
    required: Type.Boolean(),
  },
  { additionalProperties: false },
)

/** The admin API's job payload (`POST /api/admin/jobs`, `PUT /api/admin/jobs/{id}`); unknown fields are refused. */
export const JobInputSchema = Type.Object(
  {
    title: Type.String({ maxLength: JOB_LIMITS.title }),
    slug: Type.Optional(Type.String({ maxLength: JOB_LIMITS.slug })),
    department: Type.String({ maxLength: JOB_LIMITS.department }),
    type: literals(JOB_TYPE_NAMES),
    description: Type.String({ maxLength: JOB_LIMITS.description }),
    responsibilities: list,
    requirements: list,
    benefits: list,
    remote: Type.Boolean(),
    city: Type.Optional(Type.String({ maxLength: JOB_LIMITS.city })),
    region: Type.Optional(Type.String({ maxLength: JOB_LIMITS.region })),
    country: Type.Optional(Type.String({ maxLength: 2 })),
    remoteCountries: Type.Optional(Type.Array(Type.String({ maxLength: 2 }), { maxItems: JOB_LIMITS.remoteCountries })),
    remoteTimeZones: Type.Optional(Type.String({ maxLength: JOB_LIMITS.remoteTimeZones })),
    salaryMin: Type.Optional(amount),
    salaryMax: Type.Optional(amount),
    salaryCurrency: Type.Optional(Type.String({ maxLength: 3 })),
    salaryUnit: Type.Optional(literals(SALARY_UNIT_NAMES)),
    status: literals(JOB_STATUSES),
    validThrough: Type.Optional(Type.Union([Type.String({ pattern: VALID_THROUGH_PATTERN }), Type.Null()])),
    /** Left out, a save keeps the questions the job has. */
    questions: Type.Optional(Type.Array(question, { maxItems: QUESTION_LIMITS.questions })),
  },
  { additionalProperties: false },
)

export type JobInput = Static<typeof JobInputSchema>
export type JobInputField = keyof JobInput

/** A payload that passed: trimmed, its slug made, its closing date an instant, its new questions given ids. */
export interface ValidJob extends JobFields {
  status: JobStatus
  validThrough: Date | null
  /** Undefined when the payload left them out: the stored ones stay. */
  questions?: JobQuestion[]
}

/** What is wrong and with which field, so the form can put the message beside it. */
export type JobCheck = { ok: true; value: ValidJob } | ({ ok: false } & FieldProblem<JobInputField>)

const FIELD_NAMES: Record<JobInputField, string> = {
  title: 'Title',
  slug: 'Slug',
  department: 'Department',
  type: 'Type',
  description: 'Description',
  ...Object.fromEntries(Object.entries(JOB_LISTS).map(([field, { label }]) => [field, label])),
  remote: 'Remote',
  city: 'City',
  region: 'State or region',
  country: 'Country',
  remoteCountries: 'Countries applicants may live in',
  remoteTimeZones: 'Time zones',
  salaryMin: 'Salary from',
  salaryMax: 'Salary to',
  salaryCurrency: 'Currency',
  salaryUnit: 'Salary period',
  status: 'Status',
  validThrough: 'Closing date',
  questions: 'Questions',
} as Record<JobInputField, string>

const JOB_FIELDS = {
  labels: FIELD_NAMES,
  rules: { validThrough: JOB_MESSAGES.validThroughRule },
} satisfies SchemaFields<JobInputField>

/** Rules that join fields: where the job is, its salary range, its lists and its closing date. */
function crossFieldProblem(job: ValidJob, now: number): { error: string; field: JobInputField } | null {
  for (const field of Object.keys(JOB_LISTS) as JobListField[]) {
    const { label } = JOB_LISTS[field]
    if (job[field].length === 0) return { error: JOB_MESSAGES.listRequired(label), field }
    const empty = job[field].findIndex((item) => !item)
    if (empty >= 0) return { error: JOB_MESSAGES.listItemEmpty(label, empty + 1), field }
  }
  if (job.country && !isCountryCode(job.country))
    return { error: JOB_MESSAGES.unknownCountry(job.country), field: 'country' }
  const unknown = job.remoteCountries.find((code) => !isCountryCode(code))
  if (unknown) return { error: JOB_MESSAGES.unknownCountry(unknown), field: 'remoteCountries' }
  const twice = job.remoteCountries.find((code, index) => job.remoteCountries.indexOf(code) !== index)
  if (twice) return { error: JOB_MESSAGES.duplicateCountry(twice), field: 'remoteCountries' }
  if (job.remote && job.remoteCountries.length === 0)
    return { error: JOB_MESSAGES.remoteCountriesRequired, field: 'remoteCountries' }
  if (!job.remote && !job.city) return { error: JOB_MESSAGES.cityRequired, field: 'city' }
  if (!job.remote && !job.country) return { error: JOB_MESSAGES.countryRequired, field: 'country' }
  if (job.salaryMax !== null && job.salaryMin === null)
    return { error: JOB_MESSAGES.salaryMinRequired, field: 'salaryMin' }
  if (job.salaryMax !== null && job.salaryMin !== null && job.salaryMax < job.salaryMin)
    return { error: JOB_MESSAGES.salaryOrder, field: 'salaryMax' }
  if (!isCurrencyCode(job.salaryCurrency))
    return { error: JOB_MESSAGES.unknownCurrency(job.salaryCurrency), field: 'salaryCurrency' }
  if (job.status === 'active' && job.validThrough && job.validThrough.getTime() < now)
    return { error: JOB_MESSAGES.validThroughPassed, field: 'validThrough' }
  return null
}

const trimmed = (items: readonly string[]) => items.map((item) => item.trim())

/** A new question's id: random, short, and made without a secure context (the admin may run on plain http). */
const newQuestionId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(5)), (byte) => byte.toString(16).padStart(2, '0')).join('')

/** The questions trimmed, each with an id (its own when it has a good one), or the first one that will not do. */
function checkQuestions(
  questions: JobInput['questions'] & {},
): { ok: true; value: JobQuestion[] } | { ok: false; error: string } {
  const value: JobQuestion[] = []
  for (const [index, { id, label, kind, options = [], required }] of questions.entries()) {
    const text = label.trim()
    if (!text) return { ok: false, error: QUESTION_MESSAGES.labelRequired(index + 1) }
    const choices = kind === 'choice' ? [...new Set(trimmed(options).filter(Boolean))] : []
    if (kind === 'choice' && choices.length < 2) return { ok: false, error: QUESTION_MESSAGES.choiceOptions(index + 1) }
    const own = id !== undefined && QUESTION_ID_PATTERN.test(id) && !value.some((earlier) => earlier.id === id)
    value.push({ id: own ? id : newQuestionId(), label: text, kind, options: choices, required })
  }
  return { ok: true, value }
}

/**
 * Structure first (types, unknown fields, lengths), then control characters, then the required text,
 * then the rules that join fields. `now` decides whether a closing date has passed.
 */
export function validateJobInput(input: unknown, now: number): JobCheck {
  const checked = checkSchema(JobInputSchema, input)
  if (!checked.ok) return { ok: false, ...fieldProblem(checked.error, JOB_FIELDS) }
  const raw = checked.value
  const withControls = fieldWithControlCharacters(
    {
      ...raw,
      ...Object.fromEntries(Object.keys(JOB_LISTS).map((f) => [f, raw[f as JobListField].join(' ')])),
      questions: (raw.questions ?? []).map((q) => [q.id ?? '', q.label, ...(q.options ?? [])].join(' ')).join(' '),
    },
    ['description'],
  ) as JobInputField | null
  if (withControls)
    return { ok: false, error: FIELD_MESSAGES.controlCharacters(FIELD_NAMES[withControls]), field: withControls }
  const questions = raw.questions ? checkQuestions(raw.questions) : null
  if (questions && !questions.ok) return { ok: false, error: questions.error, field: 'questions' }
  const title = raw.title.trim()
  const closing = raw.validThrough ? closingTime(raw.validThrough) : null
  if (raw.validThrough && !closing) return { ok: false, error: JOB_MESSAGES.validThroughRule, field: 'validThrough' }
  const job: ValidJob = {
    title,
    slug: slugify(raw.slug?.trim() || title),
    department: raw.department.trim(),
    type: raw.type,
    description: raw.description.trim(),
    responsibilities: trimmed(raw.responsibilities),
    requirements: trimmed(raw.requirements),
    benefits: trimmed(raw.benefits),
    remote: raw.remote,
    city: raw.city?.trim() ?? '',
    region: raw.region?.trim() ?? '',
    country: raw.country?.trim().toUpperCase() ?? '',
    remoteCountries: raw.remote ? trimmed(raw.remoteCountries ?? []).map((code) => code.toUpperCase()) : [],
    remoteTimeZones: raw.remote ? (raw.remoteTimeZones?.trim() ?? '') : '',
    salaryMin: raw.salaryMin ?? null,
    salaryMax: raw.salaryMax ?? null,
    salaryCurrency: raw.salaryCurrency?.trim().toUpperCase() || 'USD',
    salaryUnit: raw.salaryUnit ?? 'YEAR',
    status: raw.status,
    validThrough: closing,
    ...(questions ? { questions: questions.value } : {}),
  }
  if (!job.title) return { ok: false, error: JOB_MESSAGES.titleRequired, field: 'title' }
  if (!job.slug) return { ok: false, error: JOB_MESSAGES.slugRequired, field: 'slug' }
  if (!job.department) return { ok: false, error: JOB_MESSAGES.departmentRequired, field: 'department' }
  if (!job.description) return { ok: false, error: JOB_MESSAGES.descriptionRequired, field: 'description' }
  const problem = crossFieldProblem(job, now)
  return problem ? { ok: false, ...problem } : { ok: true, value: job }
}

/** A stored job as the payload that saves it unchanged: what closing or reopening from the list sends, with its status changed. */
export function jobInputOf(job: AdminJob): JobInput {
  const {
    id: _id,
    location: _l,
    salaryRange: _s,
    createdAt: _c,
    updatedAt: _u,
    postedAt: _p,
    open: _o,
    applicationCount: _a,
    ...input
  } = job
  return input
}

import type { JobQuestion, QuestionKind } from '../../../../shared/job-questions'
import { JOB_LISTS, type JobListField } from '../../../../shared/job-rules'
import { type JobCheck, type JobInput, type JobInputField, validateJobInput } from '../../../../shared/job-schema'
import type { AdminJob, JobStatus, JobType, SalaryUnit } from '../../../../shared/jobs'

/** One line of a list field; the key keeps its input (and focus) with it when the lines are reordered. */
export interface ListItem {
  key: string
  text: string
}

/** One of the job's questions as the editor holds it: a choice's options as lines of text. */
export interface QuestionItem {
  key: string
  /** The stored question's id (answers stay with it); none for a question added in this form. */
  id?: string
  label: string
  kind: QuestionKind
  options: string
  required: boolean
}

/** The job form's fields as the controls hold them: text for numbers, dates and country lists. */
export interface JobFormValues extends Record<JobListField, ListItem[]> {
  title: string
  slug: string
  department: string
  type: JobType
  status: JobStatus
  /** yyyy-MM-dd, or '' for no closing date. */
  validThrough: string
  description: string
  remote: boolean
  city: string
  region: string
  country: string
  /** Codes as typed: 'US, CA'. */
  remoteCountries: string
  remoteTimeZones: string
  salaryMin: string
  salaryMax: string
  salaryCurrency: string
  salaryUnit: SalaryUnit
  questions: QuestionItem[]
}

let lastKey = 0
export const listItem = (text = ''): ListItem => ({ key: `item-${++lastKey}`, text })
export const questionItem = (question?: JobQuestion): QuestionItem => ({
  key: `question-${++lastKey}`,
  ...(question ? { id: question.id } : {}),
  label: question?.label ?? '',
  kind: question?.kind ?? 'short',
  options: question?.options.join('\n') ?? '',
  required: question?.required ?? false,
})

const listsOf = (job: Pick<AdminJob, JobListField> | null) =>
  Object.fromEntries(
    (Object.keys(JOB_LISTS) as JobListField[]).map((field) => [
      field,
      (job?.[field] ?? ['']).map((text) => listItem(text)),
    ]),
  ) as Record<JobListField, ListItem[]>

/** A new job starts as a draft, on site, with one empty line in each list. */
export const emptyJobValues = (): JobFormValues => ({
  title: '',
  slug: '',
  department: '',
  type: 'Full-time',
  status: 'draft',
  validThrough: '',
  description: '',
  ...listsOf(null),
  remote: false,
  city: '',
  region: '',
  country: '',
  remoteCountries: '',
  remoteTimeZones: '',
  salaryMin: '',
  salaryMax: '',
  salaryCurrency: 'USD',
  salaryUnit: 'YEAR',
  questions: [],
})

export const valuesFromJob = (job: AdminJob): JobFormValues => ({
  title: job.title,
  slug: job.slug,
  department: job.department,
  type: job.type,
  status: job.status,
  description: job.description,
  remote: job.remote,
  city: job.city,
  region: job.region,
  country: job.country,
  remoteTimeZones: job.remoteTimeZones,
  salaryCurrency: job.salaryCurrency,
  salaryUnit: job.salaryUnit,
  ...listsOf(job),
  validThrough: job.validThrough?.slice(0, 10) ?? '',
  remoteCountries: job.remoteCountries.join(', '),
  salaryMin: job.salaryMin === null ? '' : String(job.salaryMin),
  salaryMax: job.salaryMax === null ? '' : String(job.salaryMax),
  questions: job.questions.map(questionItem),
})

/** '150,000' and '150 000' are 150000; '' is no amount; anything else is not a number. */
const amount = (text: string): number | null => {
  const plain = text.replace(/[\s,]/g, '')
  return plain === '' ? null : Number(plain)
}

/** What the API receives: lists as text lines, countries split at commas or spaces, amounts as numbers. */
export const jobPayload = (values: JobFormValues): JobInput => ({
  ...values,
  ...(Object.fromEntries(
    (Object.keys(JOB_LISTS) as JobListField[]).map((field) => [field, values[field].map((item) => item.text)]),
  ) as Record<JobListField, string[]>),
  remoteCountries: values.remoteCountries.split(/[\s,]+/).filter(Boolean),
  salaryMin: amount(values.salaryMin),
  salaryMax: amount(values.salaryMax),
  validThrough: values.validThrough || null,
  questions: values.questions.map(({ key: _key, options, ...question }) => ({
    ...question,
    // Blank lines are no options (and do not count toward the limit).
    options: question.kind === 'choice' ? options.split('\n').filter((option) => option.trim()) : [],
  })),
})

/** The shared rules (as the API applies them), after the one thing only the form can get wrong: a number that is not one. */
export function checkJobForm(values: JobFormValues, now: number): JobCheck {
  for (const field of ['salaryMin', 'salaryMax'] as const satisfies JobInputField[]) {
    if (Number.isNaN(amount(values[field])))
      return { ok: false, error: 'Enter the amount in digits, such as 85000', field }
  }
  return validateJobInput(jobPayload(values), now)
}

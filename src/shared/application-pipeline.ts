import type { ApplicationRecord } from './application-schema'
import { FIELD_MESSAGES } from './field-messages'
import type { Interview } from './interview'
import type { ResumeFormat } from './resume-file'
import { type Checked, fieldWithControlCharacters } from './schema-check'
import type { Scorecard } from './scorecard'

/**
 * The recruiter's side of an application (issue 20): its status, dated notes, the list's filters and
 * what the admin API answers. Shared by the admin screens and the API.
 */

export const APPLICATION_STATUSES = [
  'new',
  'reviewing',
  'interview',
  'offer',
  'hired',
  'rejected',
  'withdrawn',
] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
}

export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value)

/** Applications are deleted this many days after they arrive, unless APPLICATION_RETENTION_DAYS says otherwise. */
export const APPLICATION_RETENTION_DAYS_DEFAULT = 365
export const NOTE_MAX_LENGTH = 2000
export const SEARCH_MAX_LENGTH = 100
/** Applications with the same email for the same job this close together are flagged as possible duplicates. */
export const DUPLICATE_WINDOW_DAYS = 30
/** An update (`{ status?, note? }`) is a small JSON body. */
export const APPLICATION_UPDATE_LIMIT_BYTES = 16 * 1024

export const PIPELINE_MESSAGES = {
  notFound: 'Application not found',
  noResume: 'This application has no résumé file',
  badStatus: FIELD_MESSAGES.oneOf('Status', APPLICATION_STATUSES),
  badJobId: 'jobId must be a positive whole number',
  searchTooLong: FIELD_MESSAGES.tooLong('The search', SEARCH_MAX_LENGTH),
  emptyUpdate: 'Send a status, a note or both',
  noteEmpty: 'The note is empty',
  noteTooLong: FIELD_MESSAGES.tooLong('The note', NOTE_MAX_LENGTH),
  noteNotText: FIELD_MESSAGES.wrongType('The note'),
} as const

/** The list's filters; all optional. `q` matches name, email, job title and location, ignoring case. */
export interface ApplicationFilter {
  jobId?: number
  status?: ApplicationStatus
  q?: string
}

/** The query string of a filter, for the list and the CSV export alike. */
export function applicationFilterQuery({ jobId, status, q }: ApplicationFilter): string {
  const params = new URLSearchParams()
  if (jobId !== undefined) params.set('jobId', String(jobId))
  if (status) params.set('status', status)
  if (q?.trim()) params.set('q', q.trim())
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** The filter a query string asks for, or what is wrong with it. Empty values mean "any". */
export function readApplicationFilter(params: URLSearchParams): Checked<ApplicationFilter> {
  const filter: ApplicationFilter = {}
  const jobId = params.get('jobId')?.trim()
  if (jobId) {
    if (!/^\d{1,9}$/.test(jobId) || Number(jobId) < 1) return { ok: false, error: PIPELINE_MESSAGES.badJobId }
    filter.jobId = Number(jobId)
  }
  const status = params.get('status')?.trim()
  if (status) {
    if (!isApplicationStatus(status)) return { ok: false, error: PIPELINE_MESSAGES.badStatus }
    filter.status = status
  }
  const q = params.get('q')?.trim()
  if (q) {
    if (q.length > SEARCH_MAX_LENGTH) return { ok: false, error: PIPELINE_MESSAGES.searchTooLong }
    filter.q = q
  }
  return { ok: true, value: filter }
}

export interface ApplicationUpdate {
  status?: ApplicationStatus
  note?: string
}

/** `PATCH /api/admin/applications/{id}`'s body: a new status, a note (trimmed, line breaks kept), or both. */
export function validateApplicationUpdate(input: Record<string, unknown>): Checked<ApplicationUpdate> {
  const update: ApplicationUpdate = {}
  if (input.status !== undefined) {
    if (!isApplicationStatus(input.status)) return { ok: false, error: PIPELINE_MESSAGES.badStatus }
    update.status = input.status
  }
  if (input.note !== undefined) {
    if (typeof input.note !== 'string') return { ok: false, error: PIPELINE_MESSAGES.noteNotText }
    const note = input.note.trim()
    if (!note) return { ok: false, error: PIPELINE_MESSAGES.noteEmpty }
    if (note.length > NOTE_MAX_LENGTH) return { ok: false, error: PIPELINE_MESSAGES.noteTooLong }
    if (fieldWithControlCharacters({ note }, ['note']))
      return { ok: false, error: FIELD_MESSAGES.controlCharacters('The note') }
    update.note = note
  }
  if (update.status === undefined && update.note === undefined)
    return { ok: false, error: PIPELINE_MESSAGES.emptyUpdate }
  return { ok: true, value: update }
}

export interface ResumeInfo {
  fileName: string
  size: number
  format: ResumeFormat
}

/** One application in the admin's list. */
export interface ApplicationSummary extends ApplicationRecord {
  status: ApplicationStatus
  reference: string
  resume: ResumeInfo | null
  /** Another application with the same email for the same job within DUPLICATE_WINDOW_DAYS. */
  duplicate: boolean
}

/** A dated entry of an application's history: a recruiter's note or a status change. */
export interface ApplicationNote {
  id: number
  kind: 'note' | 'status'
  body: string
  createdAt: string
  /** Who wrote the note or moved the application (their name then). */
  author: string
}

/** The emails an application caused, as the outbox knows them. */
export interface MailDelivery {
  id: number
  kind: string
  to: string
  subject: string
  status: 'pending' | 'sending' | 'sent' | 'failed'
  attempts: number
  lastError: string
  createdAt: string
  sentAt: string | null
  /** Who wrote it; '' for what the site sends by itself. */
  sender: string
  /** When it will go, while it waits for the send time it was given. */
  scheduledFor: string | null
}

/**
 * One dated entry of a candidate's timeline: the application arriving, a status change, a note, an email
 * (with its delivery state). `by` is who did it: the applicant, a staff member (their name then), or null
 * for what the site sent by itself.
 */
export interface TimelineEntry {
  kind: 'applied' | 'status' | 'note' | 'email' | 'interview' | 'scorecard'
  at: string
  by: string | null
  text: string
  /** An email's delivery: waiting, being sent, sent or given up. */
  mailStatus?: MailDelivery['status']
  /** An email waiting for the send time it was given. */
  scheduledFor?: string
}

/** One application opened in the admin. */
export interface ApplicationDetail extends ApplicationSummary {
  notes: ApplicationNote[]
  /** The other applications that make this one a possible duplicate. */
  duplicates: { id: number; reference: string; createdAt: string }[]
  deliveries: MailDelivery[]
  interviews: Interview[]
  /** Who is on the job's hiring team (by name): those its interviews may be given to. */
  hiringTeam: { staffId: number; name: string }[]
  /** The attributes the job's scorecards rate. */
  scorecardAttributes: string[]
  /** The scorecards this reader may see (scorecard.ts), and how many more are in that they may not yet. */
  scorecards: Scorecard[]
  scorecardsHidden: number
  /** The notes, status changes, emails, interviews and scorecards above, and the application arriving, oldest first. */
  timeline: TimelineEntry[]
}

/** Whether email is sent at all (SMTP_URL), and the deliveries that gave up. */
export interface MailStatus {
  configured: boolean
  failed: MailDelivery[]
  /** Messages still waiting to go out (new, or retrying after an error). */
  waiting: number
}

export const MAIL_KIND_LABELS: Record<string, string> = {
  'candidate-message': 'Email to the candidate',
  'hiring-notice': 'Notice to the hiring team',
  'applicant-confirmation': 'Confirmation to the applicant',
  'interview-invitation': 'Interview invitation',
  'interview-update': 'Interview update',
  'interview-cancelled': 'Interview cancellation',
}

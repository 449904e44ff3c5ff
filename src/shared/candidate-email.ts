import { FIELD_MESSAGES } from './field-messages'

/**
 * Email a recruiter writes to a candidate from the admin: templates with merge fields, a preview, an optional
 * send time. Plain text and rules, shared by the admin's form (its preview) and the API.
 */
export const MERGE_FIELDS = {
  name: "The candidate's full name",
  firstName: "The candidate's first name",
  role: 'The title of the job they applied for',
  sender: 'The name of the staff member sending it',
} as const
export type MergeField = keyof typeof MERGE_FIELDS

export const CANDIDATE_EMAIL_LIMITS = { name: 80, subject: 200, body: 10_000, bulk: 100 } as const

export interface EmailTemplate {
  id: number
  name: string
  subject: string
  body: string
  updatedAt: string
}

export const CANDIDATE_EMAIL_MESSAGES = {
  templateNotFound: 'Email template not found',
  alreadyRejected: 'Already rejected: not sent again',
  mailOff: 'Email is not set up on this site (SMTP_URL), so nothing can be sent to candidates.',
  subjectRequired: FIELD_MESSAGES.required('Subject'),
  bodyRequired: FIELD_MESSAGES.required('Message'),
  nameRequired: FIELD_MESSAGES.required('Name'),
  badSendAt: 'Send time must be a date and time, such as 2027-01-04T09:00:00Z',
  sendAtPassed: 'The send time has passed: choose a later one, or send now',
  unknownMergeField: (field: string) =>
    `Unknown merge field {{${field}}}: use ${Object.keys(MERGE_FIELDS)
      .map((name) => `{{${name}}}`)
      .join(', ')}`,
} as const

const FIELD_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g
/** A merge field's own name (never one every object has, such as `constructor`). */
const isMergeField = (name: string): name is MergeField => Object.hasOwn(MERGE_FIELDS, name)

/** The first merge field a text names that does not exist, if any. */
export function unknownMergeField(text: string): string | null {
  for (const [, name] of text.matchAll(FIELD_PATTERN)) if (!isMergeField(name!)) return name!
  return null
}

/** The text with each {{field}} replaced by its value (what the candidate receives, and the preview shows). */
export const renderTemplate = (text: string, values: Record<MergeField, string>) =>
  text.replace(FIELD_PATTERN, (field, name: string) => (isMergeField(name) ? values[name] : field))

/** The merge fields' values for one candidate, one job and the person sending. */
export const mergeValues = (fullName: string, role: string, sender: string): Record<MergeField, string> => ({
  name: fullName,
  firstName: fullName.trim().split(/\s+/)[0] ?? fullName,
  role,
  sender,
})

/** The send times the admin offers besides "now": tomorrow at 9:00 in the recruiter's own time zone. */
export function tomorrowAtNine(now: Date): Date {
  const next = new Date(now)
  next.setDate(next.getDate() + 1)
  next.setHours(9, 0, 0, 0)
  return next
}

import { type Static, type TSchema, Type } from '@sinclair/typebox'
import { CANDIDATE_EMAIL_LIMITS, CANDIDATE_EMAIL_MESSAGES, unknownMergeField } from './candidate-email'
import { FIELD_MESSAGES } from './field-messages'
import { type Checked, checkSchema, fieldWithControlCharacters } from './schema-check'
import { fieldProblem } from './schema-messages'

const subject = Type.String({ maxLength: CANDIDATE_EMAIL_LIMITS.subject })
const body = Type.String({ maxLength: CANDIDATE_EMAIL_LIMITS.body })
const sendAt = Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()]))

/** `POST /api/admin/email-templates`, `PUT /api/admin/email-templates/{id}`. */
export const EmailTemplateSchema = Type.Object(
  { name: Type.String({ maxLength: CANDIDATE_EMAIL_LIMITS.name }), subject, body },
  { additionalProperties: false },
)
/** `POST /api/admin/applications/{id}/emails`: a template, or a subject and body of its own (either overrides the template's). */
export const CandidateEmailSchema = Type.Object(
  {
    templateId: Type.Optional(Type.Integer({ minimum: 1 })),
    subject: Type.Optional(subject),
    body: Type.Optional(body),
    sendAt,
  },
  { additionalProperties: false },
)
/** `POST /api/admin/applications/bulk-reject`. */
export const BulkRejectSchema = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: CANDIDATE_EMAIL_LIMITS.bulk }),
    templateId: Type.Integer({ minimum: 1 }),
    sendAt,
  },
  { additionalProperties: false },
)

export type EmailTemplateInput = Static<typeof EmailTemplateSchema>
export type CandidateEmailInput = Static<typeof CandidateEmailSchema>
export type BulkRejectInput = Static<typeof BulkRejectSchema>

const LABELS = {
  name: 'Name',
  subject: 'Subject',
  body: 'Message',
  templateId: 'Template',
  sendAt: 'Send time',
  ids: 'Applications',
}

function checked<T extends TSchema>(schema: T, input: unknown): Checked<Static<T>> {
  const result = checkSchema(schema, input)
  if (!result.ok) return { ok: false, error: fieldProblem(result.error, { labels: LABELS }).error }
  const withControls = fieldWithControlCharacters(result.value as Record<string, unknown>, ['body'])
  if (withControls)
    return { ok: false, error: FIELD_MESSAGES.controlCharacters(LABELS[withControls as keyof typeof LABELS]) }
  return { ok: true, value: result.value }
}

/** The texts a message or template is made of: no unknown merge field. */
function mergeProblem(...texts: (string | undefined)[]): string | null {
  for (const text of texts) {
    const unknown = text === undefined ? null : unknownMergeField(text)
    if (unknown) return CANDIDATE_EMAIL_MESSAGES.unknownMergeField(unknown)
  }
  return null
}

export function validateEmailTemplate(input: unknown): Checked<EmailTemplateInput> {
  const result = checked(EmailTemplateSchema, input)
  if (!result.ok) return result
  const value = { name: result.value.name.trim(), subject: result.value.subject.trim(), body: result.value.body.trim() }
  if (!value.name) return { ok: false, error: CANDIDATE_EMAIL_MESSAGES.nameRequired }
  if (!value.subject) return { ok: false, error: CANDIDATE_EMAIL_MESSAGES.subjectRequired }
  if (!value.body) return { ok: false, error: CANDIDATE_EMAIL_MESSAGES.bodyRequired }
  const merge = mergeProblem(value.subject, value.body)
  return merge ? { ok: false, error: merge } : { ok: true, value }
}

/** A send time: an instant (ISO 8601 with its offset), or none for now. */
export function readSendAt(sendAt: string | null | undefined): Checked<number | null> {
  if (!sendAt) return { ok: true, value: null }
  const parts = /^(\d{4})-(\d\d)-(\d\d)T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.exec(sendAt)
  const [year, month, day] = parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3])] : [0, 0, 0]
  // A day the month does not have (2027-02-30) is refused, not moved on into the next month.
  const real = parts !== null && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day
  const at = real ? Date.parse(sendAt) : Number.NaN
  return Number.isNaN(at) ? { ok: false, error: CANDIDATE_EMAIL_MESSAGES.badSendAt } : { ok: true, value: at }
}

export function validateCandidateEmail(input: unknown): Checked<CandidateEmailInput & { sendAtMs: number | null }> {
  const result = checked(CandidateEmailSchema, input)
  if (!result.ok) return result
  const merge = mergeProblem(result.value.subject, result.value.body)
  if (merge) return { ok: false, error: merge }
  const at = readSendAt(result.value.sendAt)
  return at.ok ? { ok: true, value: { ...result.value, sendAtMs: at.value } } : at
}

export function validateBulkReject(input: unknown): Checked<BulkRejectInput & { sendAtMs: number | null }> {
  const result = checked(BulkRejectSchema, input)
  if (!result.ok) return result
  const at = readSendAt(result.value.sendAt)
  return at.ok ? { ok: true, value: { ...result.value, ids: [...new Set(result.value.ids)], sendAtMs: at.value } } : at
}

import { type Static, Type } from '@sinclair/typebox'
import { readSendAt } from './candidate-email-schema'
import { FIELD_MESSAGES } from './field-messages'
import { INTERVIEW_LIMITS, INTERVIEW_MAX_DAYS_AHEAD, INTERVIEW_MESSAGES } from './interview'
import { type Checked, checkSchema, fieldWithControlCharacters } from './schema-check'
import { fieldProblem } from './schema-messages'

/** `POST /api/admin/applications/{id}/interviews`, and `PUT` on `/interviews/{interviewId}` to move one. */
export const InterviewSchema = Type.Object(
  {
    startsAt: Type.String({ maxLength: 40 }),
    minutes: Type.Integer({ minimum: INTERVIEW_LIMITS.minMinutes, maximum: INTERVIEW_LIMITS.maxMinutes }),
    location: Type.String({ maxLength: INTERVIEW_LIMITS.location }),
    interviewerIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: INTERVIEW_LIMITS.interviewers }),
  },
  { additionalProperties: false },
)

export type InterviewInput = Omit<Static<typeof InterviewSchema>, 'startsAt'> & { startsAtMs: number }

const LABELS = { startsAt: 'Start', minutes: 'Length', location: 'Place or video link', interviewerIds: 'Interviewers' }

/** The interview as asked for: a real instant in the future, a place, one or more interviewers (each once). */
export function validateInterview(input: unknown, now: number): Checked<InterviewInput> {
  const result = checkSchema(InterviewSchema, input)
  if (!result.ok) return { ok: false, error: fieldProblem(result.error, { labels: LABELS }).error }
  const { startsAt, minutes, interviewerIds } = result.value
  const location = result.value.location.trim()
  if (!location) return { ok: false, error: FIELD_MESSAGES.required(LABELS.location) }
  if (fieldWithControlCharacters({ location }))
    return { ok: false, error: FIELD_MESSAGES.controlCharacters(LABELS.location) }
  const at = readSendAt(startsAt)
  if (!at.ok || at.value === null) return { ok: false, error: INTERVIEW_MESSAGES.badStart }
  if (at.value <= now) return { ok: false, error: INTERVIEW_MESSAGES.inThePast }
  if (at.value > now + INTERVIEW_MAX_DAYS_AHEAD * 86_400_000) return { ok: false, error: INTERVIEW_MESSAGES.tooFar }
  const ids = [...new Set(interviewerIds)]
  if (ids.length === 0) return { ok: false, error: INTERVIEW_MESSAGES.noInterviewers }
  return { ok: true, value: { startsAtMs: at.value, minutes, location, interviewerIds: ids } }
}

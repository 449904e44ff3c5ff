import { type Static, type TString, Type } from '@sinclair/typebox'
import {
  APPLICATION_FIELD_NAMES,
  APPLICATION_FIELDS,
  APPLICATION_RULES,
  type ApplicationField,
  HONEYPOT_FIELD,
  MULTILINE_FIELDS,
  patternOf,
} from './application-rules'
import { FIELD_MESSAGES } from './field-messages'
import { QUESTION_LIMITS, type StoredAnswer } from './job-questions'
import { type Checked, checkSchema, fieldWithControlCharacters } from './schema-check'
import { fieldProblem, type SchemaFields } from './schema-messages'

function fieldSchema(field: ApplicationField): TString {
  const rule = APPLICATION_FIELDS[field]
  const pattern = patternOf(field)
  return Type.String({
    maxLength: rule.max,
    ...(rule.required ? { minLength: 1 } : {}),
    ...(pattern ? { pattern } : {}),
  })
}

/** One string schema per field of the shared table (built from it, so typed by it). */
const fieldSchemas = Object.fromEntries(APPLICATION_FIELD_NAMES.map((field) => [field, fieldSchema(field)])) as {
  [Field in ApplicationField]: TString
}

/** The API's schema, derived from the shared field rules; unknown fields are refused, as on every JSON endpoint. */
export const ApplicationSchema = Type.Object(
  {
    jobId: Type.Integer({ minimum: 1 }),
    jobTitle: Type.String({ maxLength: 200 }),
    ...fieldSchemas,
    /** Answers to the job's own questions, by question id: text, or true/false for a yes/no question. */
    answers: Type.Optional(
      Type.Record(
        Type.String({ maxLength: QUESTION_LIMITS.id }),
        // Lengths are the questions' own (job-questions.ts), said with the question's text; the body limit bounds the rest.
        Type.Union([Type.String(), Type.Boolean()]),
      ),
    ),
    /** Consent to be kept in mind for future roles (and so kept longer): a form posts `keepInMind=yes`. */
    keepInMind: Type.Optional(Type.Boolean()),
    /** The trap for bots (never stored): a person leaves it empty. */
    [HONEYPOT_FIELD]: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)

export type ApplicationPayload = Omit<Static<typeof ApplicationSchema>, typeof HONEYPOT_FIELD>

/** A stored application as the administrator's API lists it, its answers with the questions they answer. */
export type ApplicationRecord = Omit<ApplicationPayload, 'answers' | 'keepInMind'> & {
  id: number
  createdAt: string
  answers: StoredAnswer[]
  keepInMind: boolean
}

type ApplicationSchemaField = keyof Static<typeof ApplicationSchema>

const APPLICATION_SCHEMA_FIELDS = {
  labels: {
    jobId: 'Job',
    jobTitle: 'Job title',
    answers: 'Answers',
    keepInMind: 'Keep me in mind for future roles',
    [HONEYPOT_FIELD]: 'Website',
    ...(Object.fromEntries(APPLICATION_FIELD_NAMES.map((field) => [field, APPLICATION_FIELDS[field].label])) as Record<
      ApplicationField,
      string
    >),
  },
  rules: {
    // The form always sends the id of the job it shows: anything else is no job chosen.
    jobId: FIELD_MESSAGES.required('Job'),
    ...APPLICATION_RULES,
  },
} satisfies SchemaFields<ApplicationSchemaField>

/** Checks a normalized application; the error names the first bad field in words a person understands. */
export function validateApplication(input: unknown): Checked<ApplicationPayload> {
  const checked = checkSchema(ApplicationSchema, input)
  if (!checked.ok) return { ok: false, error: fieldProblem(checked.error, APPLICATION_SCHEMA_FIELDS).error }
  const withControls = fieldWithControlCharacters(checked.value, MULTILINE_FIELDS) as ApplicationSchemaField | null
  if (withControls)
    return { ok: false, error: FIELD_MESSAGES.controlCharacters(APPLICATION_SCHEMA_FIELDS.labels[withControls]) }
  const { [HONEYPOT_FIELD]: _trap, ...application } = checked.value
  return { ok: true, value: application }
}

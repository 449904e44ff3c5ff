import { type Static, type TString, Type } from '@sinclair/typebox'
import { type ValueError, ValueErrorType } from '@sinclair/typebox/value'
import {
  APPLICATION_FIELD_NAMES,
  APPLICATION_FIELDS,
  type ApplicationField,
  EMAIL_PATTERN,
  HONEYPOT_FIELD,
  HTTP_URL_PATTERN,
  MULTILINE_FIELDS,
  tooLongMessage,
  URL_FIELDS,
} from './application-rules'
import {
  type Checked,
  checkSchema,
  controlCharactersMessage,
  fieldWithControlCharacters,
  unknownFieldMessage,
} from './schema-check'

function fieldSchema(field: ApplicationField): TString {
  const rule = APPLICATION_FIELDS[field]
  const pattern = field === 'email' ? EMAIL_PATTERN : URL_FIELDS.includes(field) ? HTTP_URL_PATTERN : undefined
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
    /** The trap for bots (never stored): a person leaves it empty. */
    [HONEYPOT_FIELD]: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)

export type ApplicationPayload = Omit<Static<typeof ApplicationSchema>, typeof HONEYPOT_FIELD>

/** A stored application as the administrator's API lists it. */
export type ApplicationRecord = ApplicationPayload & { id: number; createdAt: string }

const labelOf = (field: string) =>
  field === 'jobTitle' ? 'Job title' : (APPLICATION_FIELDS[field as ApplicationField]?.label ?? field)

function describe(error: ValueError): string {
  const field = error.path.slice(1) as ApplicationField | 'jobId' | 'jobTitle'
  if (error.type === ValueErrorType.ObjectAdditionalProperties) return unknownFieldMessage(field || 'value')
  if (field === 'jobId') return 'Job is required'
  if (field === 'jobTitle') return 'Job title is invalid'
  const rule = APPLICATION_FIELDS[field]
  if (!rule) return 'Invalid application'
  switch (error.type) {
    case ValueErrorType.StringMinLength:
      return `${rule.label} is required`
    case ValueErrorType.StringMaxLength:
      return tooLongMessage(field)
    case ValueErrorType.StringPattern:
      return field === 'email'
        ? 'Email must be a valid email address'
        : `${rule.label} must be a link starting with http:// or https://`
    default:
      return `${rule.label} must be text`
  }
}

/** Checks a normalized application; the error names the first bad field in words a person understands. */
export function validateApplication(input: unknown): Checked<ApplicationPayload> {
  const checked = checkSchema(ApplicationSchema, input)
  if (!checked.ok) return { ok: false, error: describe(checked.error) }
  const withControls = fieldWithControlCharacters(checked.value, MULTILINE_FIELDS)
  if (withControls) return { ok: false, error: controlCharactersMessage(labelOf(withControls)) }
  const { [HONEYPOT_FIELD]: _trap, ...application } = checked.value
  return { ok: true, value: application }
}

import type { TSchema } from '@sinclair/typebox'
import { Value, type ValueError, ValueErrorType } from '@sinclair/typebox/value'
import { FIELD_MESSAGES } from './field-messages'

/**
 * What a schema's fields are called, and the rule of a field whose form words alone cannot say (a
 * date's pattern, an address): the rule is what a person reads whenever that field's value has the wrong
 * form or type. Lengths, counts, missing fields and fixed choices are worded from the schema itself.
 */
export interface SchemaFields<Field extends string> {
  labels: Readonly<Record<Field, string>>
  rules?: Readonly<Partial<Record<Field, string>>>
}

/** A message a person can act on, and the field it is about (null: the payload as a whole). */
export interface FieldProblem<Field extends string> {
  field: Field | null
  error: string
}

const NUMBER_TYPES = new Set([ValueErrorType.Number, ValueErrorType.Integer])
const NUMBER_RANGES = new Set([
  ValueErrorType.NumberExclusiveMinimum,
  ValueErrorType.NumberMinimum,
  ValueErrorType.NumberExclusiveMaximum,
  ValueErrorType.NumberMaximum,
  ValueErrorType.IntegerExclusiveMinimum,
  ValueErrorType.IntegerMinimum,
  ValueErrorType.IntegerExclusiveMaximum,
  ValueErrorType.IntegerMaximum,
])

interface Bounds {
  exclusiveMinimum?: number
  minimum?: number
  exclusiveMaximum?: number
  maximum?: number
}

/** " above 0 and at most 100", as the schema bounds a number. */
function rangeOf({ exclusiveMinimum, minimum, exclusiveMaximum, maximum }: Bounds): string {
  const parts = [
    exclusiveMinimum === undefined ? null : `above ${exclusiveMinimum}`,
    minimum === undefined ? null : `at least ${minimum}`,
    exclusiveMaximum === undefined ? null : `below ${exclusiveMaximum}`,
    maximum === undefined ? null : `at most ${maximum}`,
  ].filter(Boolean)
  return parts.length ? ` ${parts.join(' and ')}` : ''
}

/** The values of a union of literals (a status, a type), or null for any other schema. */
function choicesOf(schema: TSchema): string[] | null {
  const variants = (schema.anyOf ?? []) as TSchema[]
  if (variants.length === 0 || !variants.every((variant) => typeof variant.const === 'string')) return null
  return variants.map((variant) => variant.const as string)
}

/**
 * A value refused by a union that allows null besides one kind (an address or null): what that kind
 * says about the value. Null otherwise.
 */
function innerError(error: ValueError): ValueError | null {
  const variants = (error.schema.anyOf ?? []) as TSchema[]
  const kinds = variants.flatMap((variant, index) => (variant.type === 'null' ? [] : [index]))
  if (kinds.length !== 1 || kinds[0] === undefined) return null
  return error.errors[kinds[0]]?.First() ?? null
}

const unescapeKey = (key: string) => key.replace(/~1/g, '/').replace(/~0/g, '~')

/** The one translation of a TypeBox error into a field's message, for the API and the forms alike. */
export function fieldProblem<Field extends string>(
  error: ValueError,
  fields: SchemaFields<Field>,
): FieldProblem<Field> {
  const [key, index] = error.path.split('/').slice(1)
  if (key === undefined) return { field: null, error: FIELD_MESSAGES.notAnObject }
  const name = unescapeKey(key)
  if (error.type === ValueErrorType.ObjectAdditionalProperties || !Object.hasOwn(fields.labels, name))
    return { field: null, error: FIELD_MESSAGES.unknownField(name) }
  const field = name as Field
  const label = fields.labels[field]
  const said = (message: string) => ({ field, error: message })
  // A missing choice says what it may be (the spec's "Status must be draft or published").
  const missingChoices = error.type === ValueErrorType.ObjectRequiredProperty ? choicesOf(error.schema) : null
  if (missingChoices) return said(FIELD_MESSAGES.oneOf(label, missingChoices))
  if (error.type === ValueErrorType.ObjectRequiredProperty || error.type === ValueErrorType.StringMinLength)
    return said(FIELD_MESSAGES.required(label))
  if (error.type === ValueErrorType.StringMaxLength)
    return said(FIELD_MESSAGES.tooLong(label, error.schema.maxLength as number))
  if (error.type === ValueErrorType.ArrayMaxItems)
    return said(FIELD_MESSAGES.tooManyItems(label, error.schema.maxItems as number))
  if (error.type === ValueErrorType.ArrayMinItems)
    return said(FIELD_MESSAGES.tooFewItems(label, error.schema.minItems as number))
  const inner = error.type === ValueErrorType.Union ? innerError(error) : null
  if (inner) return fieldProblem(inner, fields)
  const rule = fields.rules?.[field]
  if (rule) return said(rule)
  const choices = choicesOf(error.schema)
  if (choices) return said(FIELD_MESSAGES.oneOf(label, choices))
  const range = NUMBER_RANGES.has(error.type) ? rangeOf(error.schema as Bounds) : null
  if (range === null && !NUMBER_TYPES.has(error.type)) return said(FIELD_MESSAGES.wrongType(label))
  return said(index === undefined ? FIELD_MESSAGES.number(label, range ?? '') : FIELD_MESSAGES.numbers(label))
}

/**
 * Every field's first problem with a value, in the order the schema finds them (the first is the one an
 * API answers with); a form shows each beside its field.
 */
export function schemaProblems<Field extends string>(
  schema: TSchema,
  value: unknown,
  fields: SchemaFields<Field>,
): FieldProblem<Field>[] {
  const problems: FieldProblem<Field>[] = []
  for (const error of Value.Errors(schema, value)) {
    const problem = fieldProblem(error, fields)
    if (!problems.some((known) => known.field === problem.field && known.field !== null)) problems.push(problem)
  }
  return problems
}

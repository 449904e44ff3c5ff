import type { Static, TSchema } from '@sinclair/typebox'
import { Value, type ValueError } from '@sinclair/typebox/value'
import { hasControlCharacters } from './control-characters'

/** A checked input: its value typed by the schema, or a message a person can act on. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string }

/** The input typed by its schema, or the first thing wrong with it. */
export function checkSchema<T extends TSchema>(
  schema: T,
  input: unknown,
): { ok: true; value: Static<T> } | { ok: false; error: ValueError } {
  if (Value.Check(schema, input)) return { ok: true, value: input }
  const first = Value.Errors(schema, input).First()
  if (!first) throw new Error('TypeBox refused a value without naming an error')
  return { ok: false, error: first }
}

/** The first key of a payload that is not one of `known`, or null. */
export function unknownField(value: Record<string, unknown>, known: readonly string[]): string | null {
  return Object.keys(value).find((key) => !known.includes(key)) ?? null
}

/** The first text field of a payload holding a control character; `multiline` fields may hold \t, \n and \r. */
export function fieldWithControlCharacters(
  value: Record<string, unknown>,
  multiline: readonly string[] = [],
): string | null {
  for (const [field, text] of Object.entries(value)) {
    if (typeof text !== 'string') continue
    if (hasControlCharacters(text, multiline.includes(field))) return field
  }
  return null
}

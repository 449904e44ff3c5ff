import type { Static, TSchema } from '@sinclair/typebox'
import { Value, type ValueError } from '@sinclair/typebox/value'

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

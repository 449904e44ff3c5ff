/**
 * How every form and every JSON endpoint words what is wrong with a field, given the field's label.
 * Plain text, free of TypeBox, so a public page's form can say the same as the API without carrying a
 * validator; the translator from a schema error (schema-messages.ts) words its messages here.
 */

/** "a", "a or b", "a, b or c" */
const either = (values: readonly string[]) =>
  values.length < 2 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`

export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} is too long (at most ${max} characters)`,
  tooManyItems: (label: string, max: number) => `${label}: at most ${max} items`,
  tooFewItems: (label: string, min: number) => `${label}: at least ${min} ${min === 1 ? 'item' : 'items'}`,
  oneOf: (label: string, values: readonly string[]) => `${label} must be ${either(values)}`,
  /** `range` is how the schema bounds the number (" above 0 and at most 100"), when that is what was broken. */
  number: (label: string, range = '') => `${label} must be a number${range}`,
  numbers: (label: string) => `${label} must be numbers`,
  webAddress: (label: string) => `${label} must start with http:// or https://`,
  wrongType: (label: string) => `${label} has the wrong type`,
  /** A text field holding a control character (a NUL cuts a stored name short). */
  controlCharacters: (label: string) => `${label} must not contain control characters`,
  /** The one answer to a payload field no endpoint knows, on every JSON endpoint. */
  unknownField: (field: string) => `Unknown field: ${field}`,
  notAnObject: 'The request body must be a JSON object',
} as const

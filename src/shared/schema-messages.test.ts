import { expect, test } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { fieldProblem, type SchemaFields, schemaProblems } from './schema-messages'

const Schema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 5 }),
    link: Type.Optional(Type.Union([Type.String({ maxLength: 20, pattern: '^https?://' }), Type.Null()])),
    kind: Type.Union([Type.Literal('big'), Type.Literal('small'), Type.Literal('odd')]),
    price: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
    ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 2 })),
    done: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
type Field = 'name' | 'link' | 'kind' | 'price' | 'ids' | 'done'

const fields: SchemaFields<Field> = {
  labels: { name: 'Full name', link: 'Home page', kind: 'Size', price: 'Price', ids: 'Tags', done: 'Finished' },
  rules: { link: 'Home page must be a web address' },
}
const valid = { name: 'Ada', kind: 'big' }

/** What the translator says of the first thing TypeBox finds wrong with `value`. */
function said(value: unknown) {
  const error = Value.Errors(Schema, value).First()
  if (!error) throw new Error('the value passed')
  return fieldProblem(error, fields)
}

test.each([
  ['a missing field', { kind: 'big' }, 'name', 'Full name is required'],
  ['an empty required text', { ...valid, name: '' }, 'name', 'Full name is required'],
  ['text past its limit', { ...valid, name: 'Adaline' }, 'name', 'Full name is too long (at most 5 characters)'],
  ['a value of the wrong type', { ...valid, done: 'yes' }, 'done', 'Finished has the wrong type'],
  ['a value outside a fixed choice', { ...valid, kind: 'huge' }, 'kind', 'Size must be big, small or odd'],
  ['a missing choice, which says what it may be', { name: 'Ada' }, 'kind', 'Size must be big, small or odd'],
  ['a number outside its range', { ...valid, price: 0 }, 'price', 'Price must be a number above 0 and at most 100'],
  ['a number that is not one', { ...valid, price: 'ten' }, 'price', 'Price must be a number'],
  ['an item of the wrong type', { ...valid, ids: [1, 'a'] }, 'ids', 'Tags must be numbers'],
  ['too many items', { ...valid, ids: [1, 2, 3] }, 'ids', 'Tags: at most 2 items'],
  ['a field with its own rule', { ...valid, link: 'ftp://x' }, 'link', 'Home page must be a web address'],
  ['the rule, whatever the type', { ...valid, link: 7 }, 'link', 'Home page must be a web address'],
  [
    'a nullable text past its limit',
    { ...valid, link: `https://${'a'.repeat(20)}` },
    'link',
    'Home page is too long (at most 20 characters)',
  ],
  ['an unknown field', { ...valid, colour: 'red' }, null, 'Unknown field: colour'],
  ['no object at all', ['a'], null, 'The request body must be a JSON object'],
] as const)('%s', (_case, value, field, error) => {
  expect(said(value)).toEqual({ field, error })
})

test('the labels name the field: another form says the same rule in its own words', () => {
  const error = Value.Errors(Schema, { kind: 'big' }).First()!
  expect(fieldProblem(error, { labels: { ...fields.labels, name: 'Your name' } }).error).toBe('Your name is required')
})

test('every field is reported once, with its first problem, in the order the schema finds them', () => {
  expect(schemaProblems(Schema, { name: 'Adaline', kind: 'huge', ids: ['a', 'b'], extra: 1 }, fields)).toEqual([
    { field: null, error: 'Unknown field: extra' },
    { field: 'name', error: 'Full name is too long (at most 5 characters)' },
    { field: 'kind', error: 'Size must be big, small or odd' },
    { field: 'ids', error: 'Tags must be numbers' },
  ])
  expect(schemaProblems(Schema, valid, fields)).toEqual([])
})

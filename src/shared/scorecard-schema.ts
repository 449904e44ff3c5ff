import { type Static, Type } from '@sinclair/typebox'
import { FIELD_MESSAGES } from './field-messages'
import { type Checked, checkSchema, fieldWithControlCharacters } from './schema-check'
import { fieldProblem } from './schema-messages'
import { RATINGS, type Rating, RECOMMENDATIONS, ratingOf, SCORECARD_LIMITS, SCORECARD_MESSAGES } from './scorecard'

/** `PUT /api/admin/jobs/{id}/scorecard`. */
export const ScorecardAttributesSchema = Type.Object(
  {
    attributes: Type.Array(Type.String({ maxLength: SCORECARD_LIMITS.attribute }), {
      maxItems: SCORECARD_LIMITS.attributes,
    }),
  },
  { additionalProperties: false },
)

/** `POST /api/admin/applications/{id}/scorecards`. */
export const ScorecardSchema = Type.Object(
  {
    ratings: Type.Record(Type.String(), Type.Union(RATINGS.map((rating) => Type.Literal(rating)))),
    overall: Type.Union(RECOMMENDATIONS.map((value) => Type.Literal(value))),
    note: Type.Optional(Type.String({ maxLength: SCORECARD_LIMITS.note })),
  },
  { additionalProperties: false },
)

export type ScorecardInput = Static<typeof ScorecardSchema> & { note: string }

const LABELS = { attributes: 'Attributes', ratings: 'Ratings', overall: 'Overall recommendation', note: 'Note' }

/** A job's attributes: named, each once (case aside), no control characters. */
export function validateScorecardAttributes(input: unknown): Checked<string[]> {
  const result = checkSchema(ScorecardAttributesSchema, input)
  if (!result.ok) return { ok: false, error: fieldProblem(result.error, { labels: LABELS }).error }
  const attributes: string[] = []
  for (const raw of result.value.attributes) {
    const attribute = raw.trim().replace(/\s+/g, ' ')
    if (!attribute) return { ok: false, error: FIELD_MESSAGES.required('Each attribute') }
    if (fieldWithControlCharacters({ attribute }))
      return { ok: false, error: FIELD_MESSAGES.controlCharacters('Attribute') }
    if (attributes.some((earlier) => earlier.toLowerCase() === attribute.toLowerCase()))
      return { ok: false, error: SCORECARD_MESSAGES.attributeTwice(attribute) }
    attributes.push(attribute)
  }
  return { ok: true, value: attributes }
}

/** A scorecard for a job with these attributes: every one rated, no other, an overall recommendation. */
export function validateScorecard(input: unknown, attributes: string[]): Checked<ScorecardInput> {
  if (attributes.length === 0) return { ok: false, error: SCORECARD_MESSAGES.noAttributes }
  const result = checkSchema(ScorecardSchema, input)
  if (!result.ok) return { ok: false, error: fieldProblem(result.error, { labels: LABELS }).error }
  const note = (result.value.note ?? '').trim()
  if (fieldWithControlCharacters({ note }, ['note']))
    return { ok: false, error: FIELD_MESSAGES.controlCharacters('Note') }
  const unknown = Object.keys(result.value.ratings).find((name) => !attributes.includes(name))
  if (unknown !== undefined) return { ok: false, error: SCORECARD_MESSAGES.unknownAttribute(unknown) }
  const unrated = attributes.find(
    (name) => ratingOf(result.value.ratings as Record<string, Rating>, name) === undefined,
  )
  if (unrated !== undefined) return { ok: false, error: SCORECARD_MESSAGES.unrated(unrated) }
  return {
    ok: true,
    value: { ratings: result.value.ratings as Record<string, Rating>, overall: result.value.overall, note },
  }
}

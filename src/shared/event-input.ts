import { type Static, Type } from '@sinclair/typebox'
import { EVENT_LIMITS } from './event-schema'
import { isTimeZone } from './event-time'
import type { EventVisibility } from './events'
import { FIELD_MESSAGES } from './field-messages'
import { type Checked, checkSchema, fieldWithControlCharacters } from './schema-check'
import { type FieldProblem, fieldProblem, type SchemaFields } from './schema-messages'
import { SITE_IMAGE_PATTERN, SITE_IMAGE_RULE } from './site-image'
import { slugify } from './slug'

/**
 * An event as the admin's form and `POST`/`PUT /api/admin/events` give it: the same rules and messages for
 * both, from here. (Public pages read events.ts, which leaves TypeBox out of their JavaScript.)
 */
export const EVENT_INPUT_LIMITS = { ...EVENT_LIMITS, slug: 80, place: 100, timeZone: 64, coverImage: 500 } as const
export const EVENT_VISIBILITIES = ['public', 'unlisted'] as const satisfies readonly EventVisibility[]

/** An instant with its offset or Z, as JSON and `toISOString` write it. */
const INSTANT_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$'
const URL_OR_EMPTY = '^(|https?://\\S+)$'

export const EventInputSchema = Type.Object(
  {
    title: Type.String({ maxLength: EVENT_INPUT_LIMITS.title }),
    slug: Type.String({ maxLength: EVENT_INPUT_LIMITS.slug }),
    startsAt: Type.String({ pattern: INSTANT_PATTERN }),
    endsAt: Type.String({ pattern: INSTANT_PATTERN }),
    timeZone: Type.String({ maxLength: EVENT_INPUT_LIMITS.timeZone }),
    place: Type.String({ maxLength: EVENT_INPUT_LIMITS.place }),
    description: Type.String({ maxLength: EVENT_INPUT_LIMITS.description }),
    rsvpLabel: Type.String({ maxLength: EVENT_INPUT_LIMITS.rsvpLabel }),
    rsvpUrl: Type.String({ maxLength: EVENT_INPUT_LIMITS.rsvpUrl, pattern: URL_OR_EMPTY }),
    coverImage: Type.String({ maxLength: EVENT_INPUT_LIMITS.coverImage, pattern: SITE_IMAGE_PATTERN }),
    visibility: Type.Union(EVENT_VISIBILITIES.map((value) => Type.Literal(value))),
    promoteOnHome: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type EventInput = Static<typeof EventInputSchema>
export const EVENT_INPUT_FIELDS = Object.keys(EventInputSchema.properties)

export const EVENT_INPUT_LABELS: Record<keyof EventInput, string> = {
  title: 'Title',
  slug: 'Slug',
  startsAt: 'Starts',
  endsAt: 'Ends',
  timeZone: 'Time zone',
  place: 'Place',
  description: 'Description',
  rsvpLabel: 'RSVP button label',
  rsvpUrl: 'RSVP link',
  coverImage: 'Cover image',
  visibility: 'Visibility',
  promoteOnHome: 'Promote on the home page',
}

export const EVENT_INPUT_MESSAGES = {
  time: (label: string) => `${label} must be a date and time between 2000 and 2100`,
  endsBeforeStart: 'Ends must be after Starts',
  timeZone: 'Time zone must be one like Europe/Berlin or UTC',
  slug: 'Slug may hold only lower-case letters, digits and hyphens',
  rsvpLabelRequired: 'RSVP button label is required with an RSVP link',
  slugTaken: 'Another event already has that slug',
  firstEventKept: 'The first event keeps the /rdc25 page: edit it instead of deleting it',
  notFound: 'That event does not exist',
}

const FIELDS = {
  labels: EVENT_INPUT_LABELS,
  rules: {
    startsAt: EVENT_INPUT_MESSAGES.time(EVENT_INPUT_LABELS.startsAt),
    endsAt: EVENT_INPUT_MESSAGES.time(EVENT_INPUT_LABELS.endsAt),
    rsvpUrl: FIELD_MESSAGES.webAddress(EVENT_INPUT_LABELS.rsvpUrl),
    coverImage: SITE_IMAGE_RULE('Cover image'),
  },
} satisfies SchemaFields<keyof EventInput>

const YEARS = { first: Date.UTC(2000, 0, 1), last: Date.UTC(2101, 0, 1) }
/** A real moment between 2000 and 2100: its date and time as written (Feb 30 is not March 2), at its offset. */
const inYears = (value: string) => {
  const instant = Date.parse(value)
  if (Number.isNaN(instant) || instant < YEARS.first || instant >= YEARS.last) return false
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(value)
  const shift = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000 : 0
  return new Date(instant + shift).toISOString().slice(0, 16) === value.slice(0, 16)
}

/** The first thing wrong with an event, as `field` and a message a person can act on; null when it is right. */
export function eventInputProblem(input: unknown): FieldProblem<keyof EventInput> | null {
  // The form's first field first: an empty form is told about its title, not its times.
  const title = (input as { title?: unknown } | null)?.title
  if (typeof title === 'string' && !title.trim())
    return { field: 'title', error: FIELD_MESSAGES.required(EVENT_INPUT_LABELS.title) }
  const checked = checkSchema(EventInputSchema, input)
  if (!checked.ok) return fieldProblem(checked.error, FIELDS)
  const event = checked.value
  const withControls = fieldWithControlCharacters(event, ['description']) as keyof EventInput | null
  if (withControls)
    return { field: withControls, error: FIELD_MESSAGES.controlCharacters(EVENT_INPUT_LABELS[withControls]) }
  const slug = event.slug.trim() || slugify(event.title)
  if (!slug) return { field: 'slug', error: FIELD_MESSAGES.required(EVENT_INPUT_LABELS.slug) }
  if (slugify(slug) !== slug) return { field: 'slug', error: EVENT_INPUT_MESSAGES.slug }
  for (const field of ['startsAt', 'endsAt'] as const)
    if (!inYears(event[field])) return { field, error: EVENT_INPUT_MESSAGES.time(EVENT_INPUT_LABELS[field]) }
  if (Date.parse(event.endsAt) <= Date.parse(event.startsAt))
    return { field: 'endsAt', error: EVENT_INPUT_MESSAGES.endsBeforeStart }
  if (!isTimeZone(event.timeZone)) return { field: 'timeZone', error: EVENT_INPUT_MESSAGES.timeZone }
  if (event.rsvpUrl.trim() && !event.rsvpLabel.trim())
    return { field: 'rsvpLabel', error: EVENT_INPUT_MESSAGES.rsvpLabelRequired }
  return null
}

/**
 * The event as stored: trimmed, its slug from its title when none was typed, its times in UTC.
 * `promoteOnHome` left out keeps `promoteOnHome` as `stored` has it (on for a new event).
 */
export type CheckedEvent = Omit<EventInput, 'promoteOnHome'> & { promoteOnHome: boolean }

export function validateEventInput(input: unknown, stored?: { promoteOnHome: boolean }): Checked<CheckedEvent> {
  const problem = eventInputProblem(input)
  if (problem) return { ok: false, error: problem.error }
  const event = input as EventInput
  return {
    ok: true,
    value: {
      title: event.title.trim(),
      slug: event.slug.trim() || slugify(event.title),
      startsAt: new Date(event.startsAt).toISOString(),
      endsAt: new Date(event.endsAt).toISOString(),
      timeZone: event.timeZone,
      place: event.place.trim(),
      description: event.description.trim(),
      rsvpLabel: event.rsvpLabel.trim(),
      rsvpUrl: event.rsvpUrl.trim(),
      coverImage: event.coverImage.trim(),
      visibility: event.visibility,
      promoteOnHome: event.promoteOnHome ?? stored?.promoteOnHome ?? true,
    },
  }
}

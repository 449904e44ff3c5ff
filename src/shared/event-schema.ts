import { type Static, Type } from '@sinclair/typebox'
import { FIELD_MESSAGES } from './field-messages'
import { type Checked, checkSchema, fieldWithControlCharacters } from './schema-check'
import { type FieldProblem, fieldProblem, type SchemaFields } from './schema-messages'

/**
 * The first event (`/rdc25`) in the shape `GET /api/event` and `PUT /api/admin/event` kept from when there was
 * one event, checked with these rules and messages. Events as they are now: event-input.ts.
 */
export const EVENT_LIMITS = { title: 100, location: 100, rsvpLabel: 60, rsvpUrl: 500, description: 600 } as const

/** A calendar day, yyyy-MM-dd: the event's day in the site's time zone (UTC). */
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$'
const URL_PATTERN = '^https?://\\S+$'

export const EventSettingsSchema = Type.Object(
  {
    title: Type.String({ maxLength: EVENT_LIMITS.title }),
    date: Type.String({ pattern: DATE_PATTERN }),
    location: Type.String({ maxLength: EVENT_LIMITS.location }),
    rsvpLabel: Type.String({ maxLength: EVENT_LIMITS.rsvpLabel }),
    rsvpUrl: Type.String({ maxLength: EVENT_LIMITS.rsvpUrl, pattern: URL_PATTERN }),
    description: Type.String({ maxLength: EVENT_LIMITS.description }),
    promoteOnHome: Type.Boolean(),
  },
  { additionalProperties: false },
)

export type EventSettings = Static<typeof EventSettingsSchema>

export const EVENT_FIELD_LABELS: Record<keyof EventSettings, string> = {
  title: 'Title',
  date: 'Date',
  location: 'Location',
  rsvpLabel: 'RSVP button label',
  rsvpUrl: 'RSVP link',
  description: 'Description',
  promoteOnHome: 'Promote on the home page',
}

const EVENT_DATE_RULE = 'Date must be a day of the calendar between 2000 and 2100 (yyyy-MM-dd)'

const EVENT_FIELDS = {
  labels: EVENT_FIELD_LABELS,
  rules: { date: EVENT_DATE_RULE, rsvpUrl: FIELD_MESSAGES.webAddress(EVENT_FIELD_LABELS.rsvpUrl) },
} satisfies SchemaFields<keyof EventSettings>

const REQUIRED_TEXT = ['title', 'location', 'rsvpLabel', 'rsvpUrl'] as const

/** Years an event of the studio's can be in: year 0 or 9999 is a typing slip, not a party. */
const EVENT_YEARS = { first: 2000, last: 2100 }

function isCalendarDay(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`)
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) return false
  const year = day.getUTCFullYear()
  return year >= EVENT_YEARS.first && year <= EVENT_YEARS.last
}

/** The first thing wrong with an event, as `field` and a message a person can act on; null when it is right. */
export function eventProblem(input: unknown): FieldProblem<keyof EventSettings> | null {
  const checked = checkSchema(EventSettingsSchema, input)
  if (!checked.ok) return fieldProblem(checked.error, EVENT_FIELDS)
  const event = checked.value
  const withControls = fieldWithControlCharacters(event, ['description']) as keyof EventSettings | null
  if (withControls)
    return { field: withControls, error: FIELD_MESSAGES.controlCharacters(EVENT_FIELD_LABELS[withControls]) }
  for (const field of REQUIRED_TEXT)
    if (!event[field].trim()) return { field, error: FIELD_MESSAGES.required(EVENT_FIELD_LABELS[field]) }
  if (!isCalendarDay(event.date)) return { field: 'date', error: EVENT_DATE_RULE }
  return null
}

export function validateEventSettings(input: unknown): Checked<EventSettings> {
  const problem = eventProblem(input)
  if (problem) return { ok: false, error: problem.error }
  const event = input as EventSettings
  return {
    ok: true,
    value: {
      ...event,
      title: event.title.trim(),
      location: event.location.trim(),
      rsvpLabel: event.rsvpLabel.trim(),
      rsvpUrl: event.rsvpUrl.trim(),
      description: event.description.trim(),
    },
  }
}

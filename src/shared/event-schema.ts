import { type Static, Type } from '@sinclair/typebox'
import { ValueErrorType } from '@sinclair/typebox/value'
import { type Checked, checkSchema, controlCharactersMessage, fieldWithControlCharacters } from './schema-check'

/**
 * The party the event page (`/rdc25`) shows and the home page promotes, as the administrator sets it in
 * the Event panel. The form and the API check it with the same rules and messages, from here. (The
 * public pages read `event.ts`, which leaves TypeBox out of their JavaScript.)
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

export const EVENT_MESSAGES = {
  required: (field: keyof EventSettings) => `${EVENT_FIELD_LABELS[field]} is required`,
  date: 'Date must be a day of the calendar between 2000 and 2100 (yyyy-MM-dd)',
  rsvpUrl: 'RSVP link must be an http(s) address',
  tooLong: (field: keyof EventSettings, max: number) =>
    `${EVENT_FIELD_LABELS[field]} is too long (at most ${max} characters)`,
} as const

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
export function eventProblem(input: unknown): { field: keyof EventSettings | null; error: string } | null {
  const checked = checkSchema(EventSettingsSchema, input)
  if (!checked.ok) {
    const field = checked.error.path.slice(1).split('/')[0] as keyof EventSettings
    const known = field in EVENT_FIELD_LABELS
    if (checked.error.type === ValueErrorType.ObjectAdditionalProperties)
      return { field: null, error: `Unknown field: ${field || 'value'}` }
    if (!known) return { field: null, error: 'The event must be an object' }
    if (checked.error.type === ValueErrorType.ObjectRequiredProperty)
      return { field, error: EVENT_MESSAGES.required(field) }
    if (checked.error.type === ValueErrorType.StringMaxLength)
      return { field, error: EVENT_MESSAGES.tooLong(field, EVENT_LIMITS[field as keyof typeof EVENT_LIMITS]) }
    if (field === 'date') return { field, error: EVENT_MESSAGES.date }
    if (field === 'rsvpUrl') return { field, error: EVENT_MESSAGES.rsvpUrl }
    return { field, error: `${EVENT_FIELD_LABELS[field]} has the wrong type` }
  }
  const event = checked.value
  const withControls = fieldWithControlCharacters(event, ['description'])
  if (withControls) {
    const field = withControls as keyof EventSettings
    return { field, error: controlCharactersMessage(EVENT_FIELD_LABELS[field]) }
  }
  for (const field of REQUIRED_TEXT) if (!event[field].trim()) return { field, error: EVENT_MESSAGES.required(field) }
  if (!isCalendarDay(event.date)) return { field: 'date', error: EVENT_MESSAGES.date }
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

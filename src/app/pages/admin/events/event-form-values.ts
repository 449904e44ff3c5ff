import type { EventInput } from '../../../../shared/event-input'
import { instantOfLocalInput, isTimeZone, localInputOf } from '../../../../shared/event-time'
import { eventWhen } from '../../../../shared/event-when'
import type { SiteEvent } from '../../../../shared/events'

/**
 * The event form's fields: an `EventInput` whose `startsAt` and `endsAt` hold what the datetime-local
 * controls hold ("2026-12-31T20:00"), read on `timeZone`'s clock rather than the browser's.
 */
export type EventFormValues = Required<EventInput>

/** A zone this browser does not know is read as UTC, so the shared rules name the zone, not the times. */
const clockOf = (timeZone: string) => (isTimeZone(timeZone) ? timeZone : 'UTC')

/** A new event (on the browser's clock, public, promoted like the API's default), or a saved one to edit. */
export function eventFormValues(event: SiteEvent | null, browserTimeZone: string): EventFormValues {
  if (!event)
    return {
      title: '',
      slug: '',
      startsAt: '',
      endsAt: '',
      timeZone: browserTimeZone,
      place: '',
      description: '',
      rsvpLabel: '',
      rsvpUrl: '',
      coverImage: '',
      visibility: 'public',
      promoteOnHome: true,
    }
  const clock = clockOf(event.timeZone)
  return {
    title: event.title,
    slug: event.slug,
    startsAt: localInputOf(Date.parse(event.startsAt), clock),
    endsAt: localInputOf(Date.parse(event.endsAt), clock),
    timeZone: event.timeZone,
    place: event.place,
    description: event.description,
    rsvpLabel: event.rsvpLabel,
    rsvpUrl: event.rsvpUrl,
    coverImage: event.coverImage,
    visibility: event.visibility,
    promoteOnHome: event.promoteOnHome,
  }
}

/** A control's time as the instant the API takes; '' when it holds none, which the shared rules name. */
function instantText(local: string, timeZone: string): string {
  const instant = instantOfLocalInput(local, clockOf(timeZone))
  return instant === null ? '' : new Date(instant).toISOString()
}

/** What the API receives: the times as ISO instants read on the event's own clock. */
export const eventInputOf = (values: EventFormValues): EventInput => ({
  ...values,
  startsAt: instantText(values.startsAt, values.timeZone),
  endsAt: instantText(values.endsAt, values.timeZone),
})

/** How the event's page will say when it is, for the form to say it back; null until both times are read. */
export function whenItReads(input: Pick<EventInput, 'startsAt' | 'endsAt' | 'timeZone'>): string | null {
  if (!input.startsAt || !input.endsAt || !isTimeZone(input.timeZone)) return null
  const when = eventWhen(input)
  return when.time ? `${when.date}, ${when.time}` : when.date
}

/** Every zone this browser knows, with UTC (some list only its aliases) and the event's own if it is missing. */
export function timeZoneChoices(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone')
  const extra = ['UTC', current].filter(
    (zone, index, all) => zone && !zones.includes(zone) && all.indexOf(zone) === index,
  )
  return [...extra, ...zones]
}

/** The browser's own zone, the form's first choice for a new event. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

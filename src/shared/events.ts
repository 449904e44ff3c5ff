import { wallClockOf } from './event-time'
import { PAGES } from './paths'

export type EventVisibility = 'public' | 'unlisted'

/** An event as its page, the home page and the admin read it (`/api/events/{slug}`, `/api/admin/events`). */
export interface SiteEvent {
  id: number
  slug: string
  title: string
  /** ISO 8601 instants. */
  startsAt: string
  endsAt: string
  /** The IANA time zone its times are shown in ("Europe/Berlin"). */
  timeZone: string
  /** Where; '' while it is to be announced. */
  place: string
  description: string
  rsvpLabel: string
  /** '' for an event without an RSVP button. */
  rsvpUrl: string
  /** An https address or a path on this site; '' for the bundled party picture. */
  coverImage: string
  /** Unlisted: reachable by its address (an invitation), never listed, promoted or indexed. */
  visibility: EventVisibility
  /** Whether the home page may promote it while it is the next public event. */
  promoteOnHome: boolean
  updatedAt: string
}

/** The spec's event: it keeps its address, /rdc25, whatever its slug; it cannot be deleted. */
export const FIRST_EVENT_ID = 1
export const EVENTS_PATH = '/events'
export const PLACE_TBA = 'TBA'
export const DEFAULT_EVENT_COVER = { src: '/event/party-bg.webp', width: 1600, height: 1000 }

export const eventPath = (event: Pick<SiteEvent, 'id' | 'slug'>) =>
  event.id === FIRST_EVENT_ID ? PAGES.event : `${EVENTS_PATH}/${event.slug}`
/** Its iCalendar file (`text/calendar`), for "Add to calendar". */
export const eventCalendarPath = (event: Pick<SiteEvent, 'slug'>) => `${EVENTS_PATH}/${event.slug}/calendar.ics`

/** The spec's party and the events only invited people have the link to. */
export const isInviteOnly = (event: Pick<SiteEvent, 'id' | 'visibility'>) =>
  event.id === FIRST_EVENT_ID || event.visibility === 'unlisted'

/** The public reads: one event by its slug, the first (at /rdc25), those the home page may promote. */
export const EVENT_API = {
  bySlug: (slug: string) => `/api/events/${encodeURIComponent(slug)}`,
  first: '/api/event/first',
  promoted: '/api/event/promoted',
}

export type EventPhase = 'upcoming' | 'live' | 'ended'

export function eventPhase(event: Pick<SiteEvent, 'startsAt' | 'endsAt'>, now: number): EventPhase {
  if (now >= Date.parse(event.endsAt)) return 'ended'
  return now >= Date.parse(event.startsAt) ? 'live' : 'upcoming'
}

/** The public events the home page may promote that are not over at `now`, soonest first. */
export const promotableEvents = <E extends SiteEvent>(events: readonly E[], now: number): E[] =>
  events
    .filter((event) => event.visibility === 'public' && event.promoteOnHome && eventPhase(event, now) !== 'ended')
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))

/** The event the home page promotes: the public one that starts soonest among those not over. */
export const nextPromotedEvent = <E extends SiteEvent>(events: readonly E[], now: number): E | null =>
  promotableEvents(events, now)[0] ?? null

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']
const DAY_MS = 24 * 60 * 60 * 1000

const dateText = (w: { year: number; month: number; day: number }) => `${MONTHS[w.month - 1]} ${w.day}, ${w.year}`
const timeText = (w: { hour: number; minute: number }) =>
  `${w.hour % 12 || 12}:${String(w.minute).padStart(2, '0')} ${w.hour < 12 ? 'AM' : 'PM'}`

/**
 * When, as the page says it on the event's clock: "Sept 5, 2025" for whole days (midnight to midnight), with
 * the times otherwise ("6:00 PM – 11:00 PM (Europe/Berlin)"). The spec writes the day as 'Sept 5, 2025'.
 */
export function eventWhen(event: Pick<SiteEvent, 'startsAt' | 'endsAt' | 'timeZone'>): {
  date: string
  time: string | null
} {
  const start = wallClockOf(Date.parse(event.startsAt), event.timeZone)
  const endInstant = Date.parse(event.endsAt)
  const end = wallClockOf(endInstant, event.timeZone)
  const zone = `(${event.timeZone.replaceAll('_', ' ')})`
  if (start.hour === 0 && start.minute === 0 && end.hour === 0 && end.minute === 0) {
    const lastDay = wallClockOf(endInstant - DAY_MS / 2, event.timeZone)
    const sameDay = lastDay.year === start.year && lastDay.month === start.month && lastDay.day === start.day
    return { date: sameDay ? dateText(start) : `${dateText(start)} – ${dateText(lastDay)}`, time: null }
  }
  // An evening until midnight is one day's.
  const lastDay = wallClockOf(endInstant - 1, event.timeZone)
  const sameDay = lastDay.year === start.year && lastDay.month === start.month && lastDay.day === start.day
  return sameDay
    ? { date: dateText(start), time: `${timeText(start)} – ${timeText(end)} ${zone}` }
    : { date: `${dateText(start)} – ${dateText(end)}`, time: `${timeText(start)} – ${timeText(end)} ${zone}` }
}

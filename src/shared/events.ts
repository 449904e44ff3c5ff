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
  /**
   * When, as its page says it (event-when.ts), worked out by the server: a browser whose time zone data is
   * older (or lacks the zone) would print other numbers, or none, and the page would not hydrate.
   */
  when: { date: string; time: string | null }
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

/** Whether the home page may promote it (while it is the soonest not over: event-promotion.ts). */
export const isPromotable = (event: Pick<SiteEvent, 'visibility' | 'promoteOnHome'>) =>
  event.visibility === 'public' && event.promoteOnHome

/** The spec's party and the events only invited people have the link to. */
export const isInviteOnly = (event: Pick<SiteEvent, 'id' | 'visibility'>) =>
  event.id === FIRST_EVENT_ID || event.visibility === 'unlisted'

export type EventPhase = 'upcoming' | 'live' | 'ended'

export function eventPhase(event: Pick<SiteEvent, 'startsAt' | 'endsAt'>, now: number): EventPhase {
  if (now >= Date.parse(event.endsAt)) return 'ended'
  return now >= Date.parse(event.startsAt) ? 'live' : 'upcoming'
}

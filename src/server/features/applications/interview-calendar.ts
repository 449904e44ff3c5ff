import type { Interview } from '../../../shared/interview'
import { loadOnce } from '../../process/load-once'

export interface CalendarPerson {
  name: string
  email: string
}

/** ical-generator, imported once, with the first invitation. */
const loadGenerator = loadOnce(() => import('ical-generator'))

/**
 * The interview as an iCalendar object (RFC 5546 iTIP): METHOD:REQUEST to invite or to move it (same UID, a
 * higher SEQUENCE, so Google Calendar and Outlook update the event they have), METHOD:CANCEL to call it off.
 * ical-generator is loaded with the first invitation, not with the server.
 */
export async function interviewCalendar(
  interview: Pick<Interview, 'startsAt' | 'minutes' | 'location'>,
  {
    uid,
    sequence,
    cancelled,
    summary,
    description,
    organizer,
    attendees,
    now,
  }: {
    uid: string
    sequence: number
    cancelled: boolean
    summary: string
    description: string
    organizer: CalendarPerson
    attendees: CalendarPerson[]
    now: number
  },
): Promise<string> {
  const {
    default: ical,
    ICalAttendeeRole,
    ICalAttendeeStatus,
    ICalCalendarMethod,
    ICalEventStatus,
  } = await loadGenerator()
  const start = new Date(interview.startsAt)
  const calendar = ical({
    prodId: { company: 'studio', product: 'careers', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  calendar.createEvent({
    id: uid,
    sequence,
    stamp: new Date(now),
    start,
    end: new Date(start.getTime() + interview.minutes * 60_000),
    summary,
    description,
    location: interview.location,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer,
    attendees: attendees.map((person) => ({
      ...person,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: !cancelled,
    })),
  })
  return calendar.toString()
}

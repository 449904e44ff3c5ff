import { eventPath, PLACE_TBA, type SiteEvent } from '../../../shared/events'
import { loadOnce } from '../../process/load-once'

const loadGenerator = loadOnce(() => import('ical-generator'))

/**
 * The event as an iCalendar file for "Add to calendar" (RFC 5545, METHOD:PUBLISH): its times as instants,
 * which every calendar shows on its reader's clock. ical-generator is loaded with the first file asked for.
 */
export async function eventCalendar(event: SiteEvent, { origin, now }: { origin: string; now: number }) {
  const { default: ical, ICalCalendarMethod, ICalEventStatus } = await loadGenerator()
  const url = `${origin}${eventPath(event)}`
  const calendar = ical({
    prodId: { company: 'studio', product: 'events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: event.title,
  })
  calendar.createEvent({
    id: `event-${event.id}@${new URL(origin).host}`,
    stamp: new Date(now),
    start: new Date(event.startsAt),
    end: new Date(event.endsAt),
    summary: event.title,
    description: [event.description, event.rsvpUrl && `${event.rsvpLabel}: ${event.rsvpUrl}`, url]
      .filter(Boolean)
      .join('\n\n'),
    location: event.place || PLACE_TBA,
    url,
    status: ICalEventStatus.CONFIRMED,
  })
  return calendar.toString()
}

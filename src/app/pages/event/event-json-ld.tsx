import { site } from '../../../content/site'
import { DEFAULT_EVENT_COVER, eventPath, PLACE_TBA, type SiteEvent } from '../../../shared/events'
import { JsonLd } from '../../components/json-ld'
import { useRequestInfo } from '../../request-info'

/** schema.org `Event`: what search engines show of it (its dates, place and page), with its page. */
export function EventJsonLd({ event }: { event: SiteEvent }) {
  const { origin } = useRequestInfo()
  const place = event.place || PLACE_TBA
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    ...(event.description ? { description: event.description } : {}),
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: place, address: place },
    image: [new URL(event.coverImage || DEFAULT_EVENT_COVER.src, origin).href],
    url: new URL(eventPath(event), origin).href,
    organizer: { '@type': 'Organization', name: site.name, url: `${origin}/` },
  }
  return <JsonLd data={data} />
}

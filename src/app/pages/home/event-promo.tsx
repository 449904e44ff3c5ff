import type { EventSettings } from '../../../shared/event'
import { formatEventDate, isEventPromoted } from '../../../shared/event'
import { PAGES } from '../../../shared/paths'
import { SiteLink } from '../../components/site-link'
import { useRequestInfo } from '../../request-info'

/**
 * The hero's link to the event page, while the administrator promotes the event and its day has not
 * passed (nothing while it cannot be read); the day is read from the request's time, so the server and the browser agree.
 */
export function EventPromo({ event }: { event: EventSettings | null }) {
  const { now } = useRequestInfo()
  if (!event || !isEventPromoted(event, now)) return null
  return (
    <SiteLink to={PAGES.event} className="hero__event-link">
      <span>{`Invite-only: ${event.title}`}</span>
      <span className="hero__event-date">{`${formatEventDate(event.date)} ›`}</span>
    </SiteLink>
  )
}

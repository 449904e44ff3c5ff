import { nextPromotedEvent, type PromotedEvent } from '../../../shared/event-promotion'
import { SiteLink } from '../../components/site-link'
import { useRequestInfo } from '../../request-info'

/**
 * The hero's link to the next public event the administrators promote, until it ends (nothing while none is,
 * or they cannot be read); read on the request's clock, so the server and the browser agree.
 */
export function EventPromo({ events }: { events: PromotedEvent[] }) {
  const { now } = useRequestInfo()
  const event = nextPromotedEvent(events, now)
  if (!event) return null
  return (
    <SiteLink to={event.path} className="hero__event-link">
      <span>{`${event.label}: ${event.title}`}</span>
      <span className="hero__event-date">{`${event.date} ›`}</span>
    </SiteLink>
  )
}

import { site } from '../../../content/site'
import {
  DEFAULT_EVENT_COVER,
  eventCalendarPath,
  eventPath,
  eventPhase,
  isInviteOnly,
  PLACE_TBA,
  type SiteEvent,
} from '../../../shared/events'
import { Copyright } from '../../components/layout/copyright'
import { LogoLink } from '../../components/layout/logo'
import { PageMeta } from '../../components/page-meta'
import { useRequestInfo } from '../../request-info'
import { EventJsonLd } from './event-json-ld'

/**
 * An event's page: when, where, and how to come. Until it ends it offers the RSVP button and "Add to
 * calendar"; after, it says it has ended. Read on the request's clock, so the server and the browser agree
 * (the page cache turns over as events start and end). Unlisted events are not indexed.
 */
export function EventView({ event }: { event: SiteEvent }) {
  const { now } = useRequestInfo()
  const phase = eventPhase(event, now)
  const { when } = event
  const calendar = eventCalendarPath(event)
  const cover = event.coverImage
    ? { src: event.coverImage, alt: event.title }
    : { ...DEFAULT_EVENT_COVER, alt: 'Colourful party lights' }
  return (
    <div className="event">
      <div className="event__backdrop" aria-hidden="true">
        {event.coverImage && <img className="event__cover" src={event.coverImage} alt="" />}
      </div>
      <header className="event__header">
        <LogoLink />
      </header>
      <main id="main" tabIndex={-1} className="event__main">
        <PageMeta
          title={`${event.title} | ${site.name}`}
          description={event.description || `${event.title}, from ${site.name} on ${when.date}.`}
          path={eventPath(event)}
          image={cover}
          noindex={event.visibility === 'unlisted'}
        />
        {phase !== 'ended' && <link rel="alternate" type="text/calendar" href={calendar} title="Add to calendar" />}
        <EventJsonLd event={event} />
        <div className="event__card">
          <p className="event__eyebrow">{isInviteOnly(event) ? 'Invite only' : 'Event'}</p>
          <h1 className="event__title">{event.title}</h1>
          {phase === 'ended' && <p className="event__ended">This event has ended. Thank you to everyone who came!</p>}
          {phase === 'live' && <p className="event__live">Happening now</p>}
          {event.description && <p className="event__text">{event.description}</p>}
          <dl className="event__details">
            <div>
              <dt>Date</dt>
              <dd>{when.date}</dd>
            </div>
            {when.time && (
              <div>
                <dt>Time</dt>
                <dd>{when.time}</dd>
              </div>
            )}
            <div>
              <dt>Location</dt>
              <dd>{event.place || PLACE_TBA}</dd>
            </div>
          </dl>
          {phase !== 'ended' && (
            <div className="event__actions">
              {event.rsvpUrl && (
                <a
                  className="button button--primary button--large"
                  href={event.rsvpUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {event.rsvpLabel}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              )}
              <a className="button button--ghost button--large" href={calendar} download={`${event.slug}.ics`}>
                Add to calendar
              </a>
            </div>
          )}
        </div>
      </main>
      <footer className="event__footer">
        <Copyright />
      </footer>
    </div>
  )
}

import { event, site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { Copyright } from '../../components/layout/copyright'
import { LogoLink } from '../../components/layout/logo'
import { PageMeta } from '../../components/page-meta'

export function EventPage() {
  return (
    <div className="event">
      <div className="event__backdrop" aria-hidden="true" />
      <header className="event__header">
        <LogoLink />
      </header>
      <main id="main" tabIndex={-1} className="event__main">
        <PageMeta
          title={`RDC25 Party | ${site.name}`}
          description={`An invite-only party from ${site.name} on ${event.date}: free food, drinks, activities and merch.`}
          path={PAGES.event}
          image={{ src: '/event/party-bg.webp', width: 1600, height: 1000, alt: 'Colourful party lights' }}
        />
        <div className="event__card">
          <p className="event__eyebrow">Invite only</p>
          <h1 className="event__title">Developer Conference Party</h1>
          <p className="event__text">
            {site.name} is hosting its second party, exclusive to invited attendees. Join us for free food, drinks,
            activities and merch.
          </p>
          <dl className="event__details">
            <div>
              <dt>Date</dt>
              <dd>{event.date}</dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{event.location}</dd>
            </div>
          </dl>
          <a
            className="button button--primary button--large"
            href={event.rsvpUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            RSVP via Discord<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
      </main>
      <footer className="event__footer">
        <Copyright />
      </footer>
    </div>
  )
}

export { EventPage as Component }

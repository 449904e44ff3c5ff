import type { LoaderFunctionArgs } from 'react-router'
import { site } from '../../../content/site'
import { formatEventDate } from '../../../shared/event'
import { PAGES } from '../../../shared/paths'
import { Copyright } from '../../components/layout/copyright'
import { LogoLink } from '../../components/layout/logo'
import { PageMeta } from '../../components/page-meta'
import { useAppData } from '../../data/app-data'
import { eventQueries } from '../../data/event-queries'
import { useLoadedQuery } from '../../data/use-loaded-query'
import { loaderServicesContext } from '../../router-context'

export async function eventLoader({ context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  await queryClient.ensureQueryData(eventQueries.current(data))
  return null
}

/** The invite-only party (spec §2), as the administrator set it in the Event panel. */
export function EventPage() {
  const { data: event } = useLoadedQuery(eventQueries.current(useAppData()))
  const date = formatEventDate(event.date)
  return (
    <div className="event">
      <div className="event__backdrop" aria-hidden="true" />
      <header className="event__header">
        <LogoLink />
      </header>
      <main id="main" tabIndex={-1} className="event__main">
        <PageMeta
          title={`${event.title} | ${site.name}`}
          description={event.description || `An invite-only party from ${site.name} on ${date}.`}
          path={PAGES.event}
          image={{ src: '/event/party-bg.webp', width: 1600, height: 1000, alt: 'Colourful party lights' }}
        />
        <div className="event__card">
          <p className="event__eyebrow">Invite only</p>
          <h1 className="event__title">{event.title}</h1>
          {event.description && <p className="event__text">{event.description}</p>}
          <dl className="event__details">
            <div>
              <dt>Date</dt>
              <dd>{date}</dd>
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
            {event.rsvpLabel}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
      </main>
      <footer className="event__footer">
        <Copyright />
      </footer>
    </div>
  )
}

export { EventPage as Component, eventLoader as loader }

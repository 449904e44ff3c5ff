import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { site } from '../../content/site'
import { PAGES } from '../../shared/paths'
import { StandalonePage } from './layout/standalone-page'
import { PageMeta } from './page-meta'

/** A 503 is the server saying it cannot answer for now (its database is out of reach), not that it failed. */
const TEXTS = {
  failed: { title: 'Something went wrong', text: 'An unexpected error occurred. Please try again in a moment.' },
  unavailable: {
    title: 'Temporarily unavailable',
    text: 'This page cannot be shown right now. Please try again in a moment.',
  },
}

export function ServerErrorPage() {
  const error = useRouteError()
  const { title, text } = TEXTS[isRouteErrorResponse(error) && error.status === 503 ? 'unavailable' : 'failed']
  return (
    <StandalonePage>
      <PageMeta title={`${title} | ${site.name}`} description={text} path={null} noindex />
      <div className="error-panel">
        <h1 className="error-panel__title">{title}</h1>
        <p className="error-panel__text">{text}</p>
        <div className="error-panel__actions">
          <Link to={PAGES.home} className="button button--primary" reloadDocument>
            Return Home
          </Link>
        </div>
      </div>
    </StandalonePage>
  )
}

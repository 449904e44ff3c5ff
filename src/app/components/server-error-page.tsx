import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { site } from '../../content/site'
import { PAGES } from '../../shared/paths'
import type { ErrorPageText } from '../../shared/write-outcome'
import { StandalonePage } from './layout/standalone-page'
import { PageMeta } from './page-meta'

const FAILED: ErrorPageText = {
  title: 'Something went wrong',
  text: 'An unexpected error occurred. Please try again in a moment.',
}

/** The server's own words for a 503 or 504 (render-page.tsx), or the failure's. */
const textOf = (error: unknown): ErrorPageText =>
  isRouteErrorResponse(error) && typeof error.data?.title === 'string' ? error.data : FAILED

export function ServerErrorPage() {
  const error = useRouteError()
  const { title, text } = textOf(error)
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

import { Link } from 'react-router'
import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { PageMeta } from '../../components/page-meta'
import { StandalonePage } from './standalone-page'

export function ServerErrorPage() {
  return (
    <StandalonePage>
      <PageMeta
        title={`Something went wrong | ${site.name}`}
        description="An unexpected error occurred."
        path={PAGES.home}
        noindex
      />
      <div className="error-panel">
        <h1 className="error-panel__title">Something went wrong</h1>
        <p className="error-panel__text">An unexpected error occurred. Please try again in a moment.</p>
        <div className="error-panel__actions">
          <Link to={PAGES.home} className="button button--primary" reloadDocument>
            Return Home
          </Link>
        </div>
      </div>
    </StandalonePage>
  )
}

import { data, useNavigate } from 'react-router'
import { site } from '../../../content/site'
import { PAGES } from '../../../shared/paths'
import { StandalonePage } from '../../components/layout/standalone-page'
import { PageMeta } from '../../components/page-meta'
import { SiteLink } from '../../components/site-link'
import { hasPreviousPage } from './previous-page'

export function NotFoundPage() {
  const navigate = useNavigate()
  return (
    <StandalonePage>
      <PageMeta
        title={`Page Not Found | ${site.name}`}
        description="The page you're looking for doesn't exist or has been moved."
        path={null}
        noindex
      />
      <div className="error-panel">
        <p className="error-panel__code" aria-hidden="true">
          404
        </p>
        <h1 className="error-panel__title">Page Not Found</h1>
        <p className="error-panel__text">The page you're looking for doesn't exist or has been moved.</p>
        <div className="error-panel__actions">
          <SiteLink to={PAGES.home} className="button button--primary">
            Return Home
          </SiteLink>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => (hasPreviousPage() ? navigate(-1) : navigate(PAGES.home))}
          >
            Go Back
          </button>
        </div>
      </div>
    </StandalonePage>
  )
}

/** The catch-all route answers HTTP 404. */
export function notFoundLoader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' })
}

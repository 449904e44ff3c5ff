import { site } from '../../../content/site'
import { PageMeta } from '../../components/page-meta'
import { StandalonePage } from '../not-found/standalone-page'

/** Stands in for the administrator screens until they are built; kept in its own lazy chunk like them. */
export function Component() {
  return (
    <StandalonePage>
      <PageMeta title={`Administration | ${site.name}`} description="Site administration." path="/admin/login" noindex />
      <div className="error-panel">
        <h1 className="error-panel__title">Administration</h1>
        <p className="error-panel__text">This area is being set up.</p>
      </div>
    </StandalonePage>
  )
}

import { PAGES } from '../../../shared/paths'
import { PageMeta } from '../../components/page-meta'
import { RedirectCountdown } from '../../components/redirect-countdown'
import { SiteLink } from '../../components/site-link'

export function PostNotFound() {
  return (
    <div className="not-found-inline">
      <PageMeta
        title="Post Not Found | Blog"
        description="The post you're looking for doesn't exist or has been removed."
        path={null}
        noindex
      />
      <h1 className="error-panel__title">Post Not Found</h1>
      <p className="error-panel__text">The post you're looking for doesn't exist or has been removed.</p>
      <RedirectCountdown to={PAGES.blog} label="the blog" />
      <SiteLink to={PAGES.blog} className="button button--primary">
        Return to Blog
      </SiteLink>
    </div>
  )
}

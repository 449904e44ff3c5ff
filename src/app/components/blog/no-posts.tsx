import { PAGES } from '../../../shared/paths'
import { SiteLink } from '../site-link'

/** Spec §8's empty blog results, with the way back to every post. */
export function NoPosts() {
  return (
    <div className="empty-state">
      <p className="empty-state__title">No posts found</p>
      <p className="empty-state__text">Try adjusting your search or filters</p>
      <SiteLink to={PAGES.blog} className="button button--primary">
        View All Posts
      </SiteLink>
    </div>
  )
}

import { Link } from 'react-router'
import { PAGES } from '../../../shared/paths'

/** Spec §8's empty blog results, with the way back to every post. */
export function NoPosts() {
  return (
    <div className="empty-state">
      <p className="empty-state__title">No posts found</p>
      <p className="empty-state__text">Try adjusting your search or filters</p>
      <Link to={PAGES.blog} className="button button--primary">
        View All Posts
      </Link>
    </div>
  )
}

import { PAGES } from '../../../shared/paths'
import { SiteLink } from '../../components/site-link'

/**
 * A way to the open roles. It names no count: that would put every job's text (src/content/jobs) in the
 * home page's script, over its size budget.
 */
export function OpenRolesSection() {
  return (
    <section className="open-roles" aria-labelledby="open-roles-title">
      <h2 id="open-roles-title" className="section-title">
        Join the team
      </h2>
      <p className="open-roles__text">
        Engineers, artists, community and production people: come build what players remember next.
      </p>
      <SiteLink to={PAGES.jobs} className="button button--primary">
        See open roles
      </SiteLink>
    </section>
  )
}

import { Link } from 'react-router'
import { jobs } from '../../../content/jobs'
import { activeJobs } from '../../../shared/jobs'
import { PAGES } from '../../../shared/paths'

/** A way to the open roles, with their count (the jobs are content, the same on the server and the page). */
export function OpenRolesSection() {
  const open = activeJobs(jobs).length
  if (open === 0) return null
  return (
    <section className="open-roles" aria-labelledby="open-roles-title">
      <h2 id="open-roles-title" className="section-title">
        Join the team
      </h2>
      <p className="open-roles__text">
        Engineers, artists, community and production people: come build what players remember next.
      </p>
      <Link to={PAGES.jobs} className="button button--primary">
        {`See ${open} open ${open === 1 ? 'role' : 'roles'}`}
      </Link>
    </section>
  )
}

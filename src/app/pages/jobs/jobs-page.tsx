import { type LoaderFunctionArgs, useSearchParams } from 'react-router'
import { site } from '../../../content/site'
import { ALL_DEPARTMENTS, departmentCounts } from '../../../shared/jobs'
import { readJobsQuery } from '../../../shared/page-query'
import { jobsPath, PAGES } from '../../../shared/paths'
import { JobCard } from '../../components/careers/job-card'
import { PageMeta } from '../../components/page-meta'
import { SiteLink } from '../../components/site-link'
import { useAppData } from '../../data/app-data'
import { jobQueries } from '../../data/job-queries'
import { useLoadedQuery } from '../../data/use-loaded-query'
import { loaderServicesContext } from '../../router-context'

export async function jobsLoader({ context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  await queryClient.ensureQueryData(jobQueries.list(data))
  return null
}

/** Open positions with a department filter kept in the URL, so it works without JavaScript and survives reload. */
export function JobsPage() {
  const [params] = useSearchParams()
  const selected = readJobsQuery(params).department
  const { data: active } = useLoadedQuery(jobQueries.list(useAppData()))
  const shown = selected ? active.filter((job) => job.department === selected) : active
  const filters = [
    { department: null, label: ALL_DEPARTMENTS, count: active.length },
    ...departmentCounts(active).map((d) => ({ ...d, label: d.department })),
  ]

  return (
    <div className="jobs">
      <PageMeta
        title={selected ? `${selected} jobs | Careers at ${site.name}` : `Careers | ${site.name}`}
        description={`Join ${site.name}: open positions in engineering, art, community and production on our games, live events and brand collaborations.`}
        path={jobsPath(selected)}
      />
      <header className="jobs__header">
        <p className="jobs__eyebrow">Careers</p>
        <h1 className="jobs__title">Join the team</h1>
        <p className="jobs__intro">
          Build games, live events and collaborations that millions of players share. Find the role that fits you.
        </p>
      </header>
      <nav className="department-filter" aria-label="Filter by department">
        <ul>
          {filters.map((filter) => {
            const current = filter.department === selected || (!filter.department && !selected)
            return (
              <li key={filter.label}>
                <SiteLink
                  to={jobsPath(filter.department)}
                  className={`department-filter__button${current ? ' is-current' : ''}`}
                  aria-current={current ? 'page' : undefined}
                  preventScrollReset
                >
                  {filter.label}
                  <span className="department-filter__count">{filter.count}</span>
                </SiteLink>
              </li>
            )
          })}
        </ul>
      </nav>
      <h2 className="visually-hidden" aria-live="polite">
        {`${shown.length} ${shown.length === 1 ? 'position' : 'positions'}${selected ? ` in ${selected}` : ''}`}
      </h2>
      {shown.length > 0 ? (
        <ul className="job-grid">
          {shown.map((job) => (
            <li key={job.id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="empty-state">
          <p className="empty-state__title">No positions available</p>
          <p className="empty-state__text">
            {selected
              ? `There are no open positions in ${selected} right now.`
              : 'There are no open positions right now.'}
          </p>
          {/* With every department shown already, the way out is the invitation below. */}
          {selected && (
            <SiteLink to={PAGES.jobs} className="button button--primary">
              View All Positions
            </SiteLink>
          )}
        </div>
      )}
      <section className="jobs-cta" aria-labelledby="jobs-cta-title">
        <h2 id="jobs-cta-title" className="jobs-cta__title">
          Don't see the perfect role?
        </h2>
        <p className="jobs-cta__text">
          We are always glad to meet talented people. Tell us what you would love to work on.
        </p>
        <a
          className="button button--primary"
          href={`mailto:${site.careersEmail}?subject=${encodeURIComponent('Open application')}`}
        >
          Get in Touch
        </a>
      </section>
    </div>
  )
}

export { JobsPage as Component, jobsLoader as loader }

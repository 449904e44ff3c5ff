import { useId } from 'react'
import {
  type ApplicationFilter,
  type ApplicationSummary,
  isApplicationStatus,
  SEARCH_MAX_LENGTH,
} from '../../../../shared/application-pipeline'
import { applicationsCsvUrl } from '../admin-queries'
import { ApplicationStatusOptions } from './status-options'
import { useCandidateAccess } from './team-queries'

/**
 * The jobs the filter offers: those that have applications, by title. The one place the admin's
 * applications learn job ids and titles (from the applications themselves, whatever lists the jobs).
 */
export function jobsOf(applications: readonly ApplicationSummary[]): { id: number; title: string }[] {
  const titles = new Map(applications.map((application) => [application.jobId, application.jobTitle]))
  return [...titles].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title))
}

const applicationCount = (n: number) => (n === 1 ? '1 application' : `${n} applications`)

/** Job, status and search above the list, the CSV export of what they select, and the polite count. */
export function ApplicationFilters({
  filter,
  query,
  jobs,
  shown,
  total,
  onFilter,
  onQuery,
}: {
  /** What the list and the export show (the search debounced). */
  filter: ApplicationFilter
  /** The search box as typed. */
  query: string
  jobs: { id: number; title: string }[]
  shown: number | null
  total: number
  onFilter: (filter: ApplicationFilter) => void
  onQuery: (query: string) => void
}) {
  const id = useId()
  return (
    <>
      <div className="applications__tools">
        <div className="field">
          <label htmlFor={`${id}-job`} className="field__label">
            Job
          </label>
          <select
            id={`${id}-job`}
            value={filter.jobId ?? ''}
            onChange={(event) =>
              onFilter({ ...filter, jobId: event.target.value ? Number(event.target.value) : undefined })
            }
          >
            <option value="">All jobs</option>
            {jobs.map((job) => (
              <option key={job.id} value={job.id}>
                {job.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`} className="field__label">
            Status
          </label>
          <select
            id={`${id}-status`}
            value={filter.status ?? ''}
            onChange={(event) =>
              onFilter({ ...filter, status: isApplicationStatus(event.target.value) ? event.target.value : undefined })
            }
          >
            <option value="">Any status</option>
            <ApplicationStatusOptions />
          </select>
        </div>
        <div className="field applications__search">
          <label htmlFor={`${id}-search`} className="field__label">
            Search applications
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Name, email, job or location"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onQuery(event.target.value)}
          />
        </div>
        {useCandidateAccess().manages && (
          <a className="button button--ghost applications__export" href={applicationsCsvUrl(filter)} download>
            Export CSV
          </a>
        )}
      </div>
      <p className="post-list-count" role="status">
        {shown === null
          ? 'Loading…'
          : shown === total
            ? applicationCount(total)
            : `${shown} of ${applicationCount(total)}`}
      </p>
    </>
  )
}

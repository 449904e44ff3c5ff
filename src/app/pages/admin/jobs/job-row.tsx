import { formatDisplayDate } from '../../../../shared/dates'
import type { AdminJob } from '../../../../shared/jobs'
import { jobPath } from '../../../../shared/paths'

/** What the public sees of a job now: a draft, open, closed by the recruiter, or closed by its date. */
export function jobState(job: AdminJob): { name: 'draft' | 'open' | 'closed'; label: string } {
  if (job.status === 'draft') return { name: 'draft', label: 'Draft' }
  if (job.open) return { name: 'open', label: 'Open' }
  return { name: 'closed', label: job.status === 'active' ? 'Closed: date passed' : 'Closed' }
}

export type JobAction = 'edit' | 'close' | 'reopen' | 'delete'

/** One job: a table row on wide screens, a card under the phone breakpoint (admin.css). */
export function JobRow({ job, onAction }: { job: AdminJob; onAction: (job: AdminJob, action: JobAction) => void }) {
  const state = jobState(job)
  const button = (action: JobAction, label: string, danger = false) => (
    <button
      type="button"
      className={`button button--small ${danger ? 'button--danger' : 'button--ghost'}`}
      onClick={() => onAction(job, action)}
      aria-label={`${label} "${job.title}"`}
    >
      {label}
    </button>
  )
  return (
    <tr>
      <th scope="row" className="admin-table__title">
        {job.title}
        <span className="admin-table__when">{`${job.department} · ${job.location}`}</span>
      </th>
      <td className="admin-table__status">
        <span className={`status status--job-${state.name}`}>{state.label}</span>
        {job.open && job.validThrough && (
          <span className="admin-table__when">{`Closes ${formatDisplayDate(job.validThrough)}`}</span>
        )}
      </td>
      <td className="admin-table__date" data-label="Applications">
        {job.applicationCount}
      </td>
      <td className="admin-table__date" data-label="Posted">
        {job.postedAt ? formatDisplayDate(job.postedAt) : '-'}
      </td>
      <td className="admin-table__cell-actions">
        <div className="admin-table__actions">
          {button('edit', 'Edit')}
          {state.name === 'open' && button('close', 'Close')}
          {state.name === 'closed' && button('reopen', 'Reopen')}
          {state.name !== 'draft' && (
            <a
              className="button button--small button--ghost"
              href={jobPath(job.slug)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View "${job.title}" (opens in a new tab)`}
            >
              View
            </a>
          )}
          {button('delete', 'Delete', true)}
        </div>
      </td>
    </tr>
  )
}

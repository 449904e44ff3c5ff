import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  type ApplicationSummary,
} from '../../../../shared/application-pipeline'
import { formatDisplayDate } from '../../../../shared/dates'
import { useUnsavedNotes } from './note-drafts'

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={`status application-status application-status--${status}`}>
      {APPLICATION_STATUS_LABELS[status]}
    </span>
  )
}

/** The filtered applications: a table on wide screens, cards on phones (admin-applications.css). */
export function ApplicationList({
  applications,
  openId,
  onOpen,
  selected,
  onSelect,
}: {
  applications: ApplicationSummary[]
  openId: number | null
  onOpen: (id: number) => void
  /** The candidates ticked for a rejection with a template (reject-bar.tsx); null: no ticking (a team member). */
  selected: ReadonlySet<number> | null
  onSelect: (id: number, ticked: boolean) => void
}) {
  const unsavedNotes = useUnsavedNotes()
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--applications">
        <caption className="visually-hidden">Applications</caption>
        <thead>
          <tr>
            {selected && (
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
            )}
            <th scope="col">Applicant</th>
            <th scope="col">Job</th>
            <th scope="col">Status</th>
            <th scope="col">Received</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {applications.map((application) => (
            <tr key={application.id} aria-current={application.id === openId || undefined}>
              {selected && (
                <td className="applications__select">
                  <input
                    type="checkbox"
                    aria-label={`Select ${application.fullName} (${application.reference})`}
                    checked={selected.has(application.id)}
                    onChange={(event) => onSelect(application.id, event.target.checked)}
                  />
                </td>
              )}
              <th scope="row" className="admin-table__title">
                {application.fullName}
                <span className="applications__reference">{application.reference}</span>
                {application.duplicate && (
                  <span className="badge applications__duplicate" title="Same email for the same job within 30 days">
                    Possible duplicate
                  </span>
                )}
                {unsavedNotes.includes(application.id) && (
                  <span className="badge applications__unsaved-note">Note not saved</span>
                )}
              </th>
              <td className="applications__job">{application.jobTitle}</td>
              <td>
                <StatusBadge status={application.status} />
              </td>
              <td className="applications__date" data-label="Received">
                {formatDisplayDate(application.createdAt)}
              </td>
              <td className="applications__open">
                <button
                  type="button"
                  className="button button--small button--ghost"
                  aria-label={`Open the application of ${application.fullName} (${application.reference})`}
                  onClick={() => onOpen(application.id)}
                >
                  Open
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

import { useInfiniteQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { AUDIT_EVENT_LABELS } from '../../../../shared/admin-security'
import { formatDisplayDateTime } from '../../../../shared/dates'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { adminQueries } from '../admin-queries'
import { LoadError } from '../load-error'

const FILTERS = [
  { value: '', label: 'All events' },
  { value: 'security', label: 'Security' },
  { value: 'account', label: 'Password, two-factor and sessions' },
  { value: 'content', label: 'Posts, tags and applications' },
  { value: 'login', label: 'Sign-ins' },
] as const

/** The audit log, newest first, filtered by kind, with older events a click away. */
export function AuditLogList() {
  const [filter, setFilter] = useState('')
  const filterId = useId()
  const audit = useInfiniteQuery(adminQueries.audit(filter))
  const events = audit.data?.pages.flat() ?? []
  return (
    <section className="admin-card admin-card--flat" aria-labelledby="audit-title">
      <div className="security-heading">
        <h3 id="audit-title" className="admin-card__subtitle">
          Activity
        </h3>
        <div className="field field--inline">
          <label htmlFor={filterId} className="field__label">
            Show
          </label>
          <select id={filterId} value={filter} onChange={(event) => setFilter(event.target.value)}>
            {FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {audit.isPending ? (
        <LoadingSkeleton label="Loading activity..." lines={4} />
      ) : audit.isError ? (
        <LoadError
          title="Error loading activity"
          message="There was a problem loading the activity. Please try again."
          onRetry={() => void audit.refetch()}
        />
      ) : events.length === 0 ? (
        <p className="admin-status">Nothing recorded yet.</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table audit-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Event</th>
                  <th scope="col">Detail</th>
                  <th scope="col">Address</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <tr key={event.id} data-event={event.type}>
                    <td>{formatDisplayDateTime(event.at)}</td>
                    <td>{event.staffName || '—'}</td>
                    <td>{AUDIT_EVENT_LABELS[event.type] ?? event.type}</td>
                    <td>{event.subject || '—'}</td>
                    <td>{event.clientAddress || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {audit.hasNextPage && (
            <button
              type="button"
              className="button button--ghost"
              disabled={audit.isFetchingNextPage}
              onClick={() => void audit.fetchNextPage()}
            >
              {audit.isFetchingNextPage ? 'Loading...' : 'Show older events'}
            </button>
          )}
        </>
      )}
    </section>
  )
}

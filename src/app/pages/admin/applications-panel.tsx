import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { APPLICATION_FIELDS, type ApplicationField, mailtoHref, URL_FIELDS } from '../../../shared/application-rules'
import type { ApplicationRecord } from '../../../shared/application-schema'
import { formatDisplayDate } from '../../../shared/dates'
import { LoadingSkeleton } from '../../components/loading-skeleton'
import { adminQueries } from './admin-queries'
import { LoadError } from './load-error'

function Detail({ application, onClose }: { application: ApplicationRecord; onClose: () => void }) {
  return (
    <section className="admin-card admin-card--flat application-detail" aria-labelledby="application-title">
      <div className="application-detail__head">
        <h3 id="application-title" className="admin-card__subtitle">
          {`${application.fullName} — ${application.jobTitle}`}
        </h3>
        <button type="button" className="button button--small button--ghost" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="application-detail__fields">
        <div className="application-detail__row">
          <dt>Received</dt>
          <dd>{formatDisplayDate(application.createdAt)}</dd>
        </div>
        {(Object.keys(APPLICATION_FIELDS) as ApplicationField[]).map((field) => (
          <div key={field} className="application-detail__row">
            <dt>{APPLICATION_FIELDS[field].label}</dt>
            <dd>
              {!application[field] ? (
                '—'
              ) : URL_FIELDS.includes(field) ? (
                <a href={application[field]} target="_blank" rel="noopener noreferrer">
                  {application[field]}
                </a>
              ) : field === 'email' ? (
                <a href={mailtoHref(application.email)}>{application.email}</a>
              ) : (
                <span className="application-detail__text">{application[field]}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** Applications received through the careers pages, newest first. */
export function ApplicationsPanel() {
  const applications = useQuery(adminQueries.applications())
  const [openId, setOpenId] = useState<number | null>(null)
  if (applications.isPending) return <LoadingSkeleton label="Loading applications..." />
  if (applications.isError) {
    return <LoadError title="Error loading applications" onRetry={() => void applications.refetch()} />
  }
  if (applications.data.length === 0) return <p className="admin-status">No applications yet.</p>
  const open = applications.data.find((a) => a.id === openId)
  return (
    <section className="admin-section" aria-labelledby="applications-title">
      <h2 id="applications-title" className="admin-section__title">
        Applications
      </h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Job</th>
              <th scope="col">Email</th>
              <th scope="col">Date</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {applications.data.map((application) => (
              <tr key={application.id}>
                <th scope="row">{application.fullName}</th>
                <td>{application.jobTitle}</td>
                <td>
                  <a href={mailtoHref(application.email)}>{application.email}</a>
                </td>
                <td>{formatDisplayDate(application.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    aria-expanded={openId === application.id}
                    onClick={() => setOpenId(openId === application.id ? null : application.id)}
                  >
                    View
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && <Detail application={open} onClose={() => setOpenId(null)} />}
    </section>
  )
}

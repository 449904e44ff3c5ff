import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ANALYTICS_MESSAGES } from '../../../../shared/analytics'
import { postPath } from '../../../../shared/paths'
import { can } from '../../../../shared/staff'
import { useStaffUser } from '../staff-user'
import { analyticsQueries, lastDays } from './analytics-queries'
import { POST_VIEWS_DAYS } from './use-post-views'

const counted = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`

/** The post's readers over the last 30 days in its editor: views, visitors and where they came from. */
export function PostReaders({ slug }: { slug: string }) {
  const id = useId()
  const allowed = can(useStaffUser().role, 'analytics.read')
  const [range] = useState(() => lastDays(POST_VIEWS_DAYS))
  const report = useQuery({ ...analyticsQueries.report(range, postPath(slug)), enabled: allowed })
  if (!allowed) return null
  return (
    <section className="admin-card admin-card--flat post-readers" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-card__subtitle">
        {`Readers, last ${POST_VIEWS_DAYS} days`}
      </h3>
      {report.isPending ? (
        <p>Loading the figures...</p>
      ) : report.isError ? (
        <p role="alert">{ANALYTICS_MESSAGES.loadFailed}</p>
      ) : (
        <>
          <p>{`${counted(report.data.views, 'view')} by ${counted(report.data.visitors, 'visitor')}`}</p>
          {report.data.referrers.length > 0 ? (
            <ul className="post-readers__sources" aria-label="Where they came from">
              {report.data.referrers.slice(0, 5).map((row) => (
                <li key={row.source}>{`${row.source}: ${row.visitors}`}</li>
              ))}
            </ul>
          ) : (
            <p className="field__hint">No reader came from another site.</p>
          )}
        </>
      )}
    </section>
  )
}

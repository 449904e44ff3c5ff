import { useQuery } from '@tanstack/react-query'
import { ANALYTICS_MESSAGES } from '../../../../shared/analytics'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { LoadError } from '../load-error'
import { analyticsQueries, type Range } from './analytics-queries'
import { FiguresTable } from './figures-table'

/** Each job's funnel: its page's views, then application forms started and sent. */
export function CareersFunnel({ range }: { range: Range }) {
  const funnels = useQuery(analyticsQueries.jobs(range))
  if (funnels.isPending) return <LoadingSkeleton label="Loading the careers figures..." lines={3} />
  if (funnels.isError) return <LoadError title={ANALYTICS_MESSAGES.loadFailed} onRetry={() => void funnels.refetch()} />
  return (
    <FiguresTable
      title="Careers: from job page to application"
      rows={funnels.data}
      fileName={`careers-${range.from}-to-${range.to}.csv`}
      empty="There are no jobs yet."
      columns={[
        { label: 'Job', value: (row) => row.title },
        { label: 'Page views', value: (row) => row.views, numeric: true },
        { label: 'Forms started', value: (row) => row.started, numeric: true },
        { label: 'Applications sent', value: (row) => row.submitted, numeric: true },
      ]}
    />
  )
}

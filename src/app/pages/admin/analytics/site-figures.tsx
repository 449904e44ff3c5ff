import { useQuery } from '@tanstack/react-query'
import { ANALYTICS_MESSAGES } from '../../../../shared/analytics'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { LoadError } from '../load-error'
import { analyticsQueries, type Range } from './analytics-queries'
import { FiguresTable } from './figures-table'
import { VisitsChart } from './visits-chart'

const count = (label: string) => ({ label, value: (row: { visitors: number }) => row.visitors, numeric: true })

/** The whole site's figures for the range: totals, the chart, then a table for each thing counted. */
export function SiteFigures({ range }: { range: Range }) {
  const report = useQuery(analyticsQueries.report(range))
  if (report.isPending) return <LoadingSkeleton label="Loading the figures..." lines={6} />
  if (report.isError) return <LoadError title={ANALYTICS_MESSAGES.loadFailed} onRetry={() => void report.refetch()} />
  const data = report.data
  const file = (name: string) => `${name}-${range.from}-to-${range.to}.csv`
  return (
    <div className="analytics-site">
      <dl className="analytics-totals">
        <div>
          <dt>Visitors</dt>
          <dd>{data.visitors.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Page views</dt>
          <dd>{data.views.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      <VisitsChart key={`${range.from}-${range.to}`} days={data.days} fileName={file('days')} />
      <div className="analytics-grid">
        <FiguresTable
          title="Top pages"
          rows={data.pages}
          fileName={file('pages')}
          columns={[
            { label: 'Page', value: (row) => row.path },
            { label: 'Views', value: (row) => row.views, numeric: true },
            count('Visitors'),
            { label: 'Visits began here', value: (row) => row.entries, numeric: true },
          ]}
        />
        <FiguresTable
          title="Sources"
          rows={data.referrers}
          fileName={file('sources')}
          empty="No visitor came from another site in these days."
          columns={[{ label: 'Source', value: (row) => row.source }, count('Visitors')]}
        />
        <FiguresTable
          title="Campaigns"
          rows={data.campaigns}
          fileName={file('campaigns')}
          empty="No visit carried UTM parameters in these days."
          columns={[
            { label: 'Source', value: (row) => row.source },
            { label: 'Medium', value: (row) => row.medium },
            { label: 'Campaign', value: (row) => row.campaign },
            count('Visitors'),
          ]}
        />
        <FiguresTable
          title="Devices"
          rows={data.devices}
          fileName={file('devices')}
          columns={[{ label: 'Device', value: (row) => row.device }, count('Visitors')]}
        />
        <FiguresTable
          title="Browsers"
          rows={data.browsers}
          fileName={file('browsers')}
          columns={[{ label: 'Browser', value: (row) => row.browser }, count('Visitors')]}
        />
        <FiguresTable
          title="Operating systems"
          rows={data.systems}
          fileName={file('systems')}
          columns={[{ label: 'System', value: (row) => row.os }, count('Visitors')]}
        />
        <FiguresTable
          title="Newsletter sign-ups by page"
          rows={data.signups}
          fileName={file('signups')}
          empty="Nobody signed up for the newsletter in these days."
          columns={[
            { label: 'Page', value: (row) => row.path },
            { label: 'Sign-ups', value: (row) => row.signups, numeric: true },
          ]}
        />
      </div>
    </div>
  )
}

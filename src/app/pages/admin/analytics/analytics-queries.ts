import { queryOptions } from '@tanstack/react-query'
import {
  ANALYTICS_API,
  type AnalyticsReport,
  type AnalyticsSettings,
  dayOf,
  type JobFunnel,
} from '../../../../shared/analytics'
import { apiGet, apiRequest } from '../../../data/api-request'

export interface Range {
  from: string
  to: string
}

/** The last `days` days, today included. */
export const lastDays = (days: number, now = Date.now()): Range => ({
  from: dayOf(now - (days - 1) * 86_400_000),
  to: dayOf(now),
})

const rangeQuery = ({ from, to }: Range, path?: string) =>
  new URLSearchParams({ from, to, ...(path ? { path } : {}) }).toString()

/** Figures move while the admin looks: asked again after a minute. */
const FRESH_MS = 60_000

export const analyticsQueries = {
  report: (range: Range, path?: string) =>
    queryOptions({
      queryKey: ['analytics', 'report', range.from, range.to, path ?? null],
      queryFn: ({ signal }) => apiGet<AnalyticsReport>(`${ANALYTICS_API.report}?${rangeQuery(range, path)}`, signal),
      staleTime: FRESH_MS,
    }),
  jobs: (range: Range) =>
    queryOptions({
      queryKey: ['analytics', 'jobs', range.from, range.to],
      queryFn: ({ signal }) => apiGet<JobFunnel[]>(`${ANALYTICS_API.jobs}?${rangeQuery(range)}`, signal),
      staleTime: FRESH_MS,
    }),
  pages: (range: Range, paths: string[]) =>
    queryOptions({
      queryKey: ['analytics', 'pages', range.from, range.to, paths],
      queryFn: ({ signal }) =>
        apiGet<{ path: string; views: number; visitors: number }[]>(
          `${ANALYTICS_API.pages}?${new URLSearchParams({ ...range, paths: paths.join(',') })}`,
          signal,
        ),
      staleTime: FRESH_MS,
      enabled: paths.length > 0,
    }),
  settings: () =>
    queryOptions({
      queryKey: ['analytics', 'settings'],
      queryFn: ({ signal }) => apiGet<AnalyticsSettings>(ANALYTICS_API.settings, signal),
    }),
}

export const analyticsWrites = {
  setEnabled: (enabled: boolean) =>
    apiRequest<AnalyticsSettings>(ANALYTICS_API.settings, {
      method: 'PUT',
      body: { enabled },
    }) as Promise<AnalyticsSettings>,
}

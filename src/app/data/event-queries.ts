import { queryOptions } from '@tanstack/react-query'
import type { AppData } from './app-data'

/** The event's query, defined once; the admin's save refreshes every key under 'event'. */
export const eventQueries = {
  all: ['event'] as const,
  current: (data: AppData) =>
    queryOptions({ queryKey: ['event', 'current'], queryFn: ({ signal }) => data.event.get(signal) }),
}

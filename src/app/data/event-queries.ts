import { queryOptions } from '@tanstack/react-query'
import type { AppData } from './app-data'

/** The events' queries, defined once; the admin's saves refresh every key under 'event'. */
export const eventQueries = {
  all: ['event'] as const,
  first: (data: AppData) =>
    queryOptions({ queryKey: ['event', 'first'], queryFn: ({ signal }) => data.event.first(signal) }),
  bySlug: (data: AppData, slug: string) =>
    queryOptions({ queryKey: ['event', 'slug', slug], queryFn: ({ signal }) => data.event.bySlug(slug, signal) }),
}

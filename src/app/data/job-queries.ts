import { queryOptions } from '@tanstack/react-query'
import type { AppData } from './app-data'

/** Query keys and options for the careers pages, defined once; every key starts with 'jobs'. */
export const jobQueries = {
  list: (data: AppData) =>
    queryOptions({ queryKey: ['jobs', 'list'], queryFn: ({ signal }) => data.careers.jobs(signal) }),
  detail: (data: AppData, slug: string) =>
    queryOptions({ queryKey: ['jobs', 'detail', slug], queryFn: ({ signal }) => data.careers.jobBySlug(slug, signal) }),
}

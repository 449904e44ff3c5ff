import { queryOptions } from '@tanstack/react-query'
import type { AppData } from './app-data'

/** Query keys and options for the careers pages' server data, defined once. */
export const careersQueries = {
  privacy: (data: AppData) =>
    queryOptions({
      queryKey: ['careers', 'privacy'],
      queryFn: ({ signal }) => data.careers.privacy(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
}

import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { EventInput } from '../../../../shared/event-input'
import type { SiteEvent } from '../../../../shared/events'
import { apiGet, apiRequest } from '../../../data/api-request'
import { eventQueries } from '../../../data/event-queries'

const LIST_KEY = ['admin-events'] as const

/** The admin's event list, defined once: every event, public or not, newest start first, always read fresh. */
export const adminEventQueries = {
  list: () =>
    queryOptions({
      queryKey: LIST_KEY,
      queryFn: ({ signal }) => apiGet<SiteEvent[]>('/api/admin/events', signal),
      staleTime: 0,
      retry: 3,
    }),
}

/** After a write: the list here, and what the public pages read (an event page, the home page's promotion). */
export const refreshEvents = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: LIST_KEY }),
    queryClient.invalidateQueries({ queryKey: eventQueries.all }),
  ])

export const eventWrites = {
  save: (input: EventInput, id?: number) =>
    apiRequest<SiteEvent>(id ? `/api/admin/events/${id}` : '/api/admin/events', {
      method: id ? 'PUT' : 'POST',
      body: input,
    }) as Promise<SiteEvent>,
  remove: (id: number) => apiRequest<{ ok: true }>(`/api/admin/events/${id}`, { method: 'DELETE' }),
}

import { queryOptions } from '@tanstack/react-query'
import type { SubscriberImport, SubscriberRow, SubscriberStats } from '../../../../shared/newsletter'
import { apiGet, apiRequest } from '../../../data/api-request'

export interface SubscriberFilter {
  q: string
  state: '' | 'active' | 'pending'
  tag: string
  page: number
}

/** The filter as the list and the CSV take it: only what is set. */
export const filterQuery = ({ q, state, tag, page }: SubscriberFilter, withPage = true) => {
  const params = new URLSearchParams()
  if (q.trim()) params.set('q', q.trim())
  if (state) params.set('state', state)
  if (tag) params.set('tag', tag)
  if (withPage && page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : ''
}

export const subscriberQueries = {
  list: (filter: SubscriberFilter) =>
    queryOptions({
      queryKey: ['subscribers', filter],
      queryFn: async ({ signal }) => {
        let total = 0
        const rows = await apiRequest<SubscriberRow[]>(`/api/admin/subscribers${filterQuery(filter)}`, {
          signal,
          onHeaders: (headers) => {
            total = Number(headers.get('x-total-count') ?? 0)
          },
        })
        return { rows: rows ?? [], total }
      },
      placeholderData: (previous) => previous,
    }),
  stats: () =>
    queryOptions({
      queryKey: ['subscribers', 'stats'],
      queryFn: ({ signal }) => apiGet<SubscriberStats>('/api/admin/subscribers/stats', signal),
    }),
}

export const subscriberWrites = {
  remove: (id: number) => apiRequest<null>(`/api/admin/subscribers/${id}`, { method: 'DELETE' }),
  importCsv: async (file: File) => {
    const answer = await fetch('/api/admin/subscribers/import?consent=yes', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'text/csv' },
      body: file,
    })
    const body = (await answer.json().catch(() => ({}))) as SubscriberImport & { error?: string }
    if (!answer.ok) throw new Error(body.error ?? `The import failed (${answer.status})`)
    return body
  },
}

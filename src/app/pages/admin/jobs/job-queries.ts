import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { JobInput } from '../../../../shared/job-schema'
import type { AdminJob } from '../../../../shared/jobs'
import { apiGet, apiRequest } from '../../../data/api-request'

/** The admin's job list, defined once: every job with its status and application count, always read fresh. */
export const adminJobQueries = {
  list: () =>
    queryOptions({
      queryKey: ['admin-jobs'],
      queryFn: ({ signal }) => apiGet<AdminJob[]>('/api/admin/jobs', signal),
      staleTime: 0,
      retry: 3,
    }),
}

export const refreshJobs = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['admin-jobs'] })

export const jobWrites = {
  save: (input: JobInput, id?: number) =>
    apiRequest<AdminJob>(id ? `/api/admin/jobs/${id}` : '/api/admin/jobs', {
      method: id ? 'PUT' : 'POST',
      body: input,
    }) as Promise<AdminJob>,
  remove: (id: number) => apiRequest<{ ok: true }>(`/api/admin/jobs/${id}`, { method: 'DELETE' }),
}

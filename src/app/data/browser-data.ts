import type { PostDetail, PostPage, PostSummary } from '../../shared/blog'
import type { Job } from '../../shared/jobs'
import type { PreviewGate } from '../../shared/preview'
import { ApiError, apiGet, apiRequest } from './api-request'
import type { AppData } from './app-data'

const q = encodeURIComponent

async function nullOn404<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export function createBrowserData(): AppData {
  return {
    blog: {
      list: (page, limit, signal) => apiGet<PostPage>(`/api/blog?page=${page}&limit=${limit}`, signal),
      featured: (signal) => apiGet<PostSummary[]>('/api/blog/featured', signal),
      search: (query, limit, signal) => apiGet<PostSummary[]>(`/api/blog/search?q=${q(query)}&limit=${limit}`, signal),
      bySlug: (slug, signal) => nullOn404(apiGet<PostDetail>(`/api/blog/slug/${q(slug)}`, signal)),
      related: (slug, signal) => nullOn404(apiGet<PostSummary[]>(`/api/blog/slug/${q(slug)}/related`, signal)),
      byPreviewToken: (token, signal) => nullOn404(apiGet<PostDetail>(`/api/blog/preview/${q(token)}`, signal)),
    },
    preview: {
      gate: () => apiGet<PreviewGate>('/api/preview/gate'),
    },
    careers: {
      jobs: (signal) => apiGet<Job[]>('/api/jobs', signal),
      jobBySlug: (slug, signal) => nullOn404(apiGet<Job>(`/api/jobs/${q(slug)}`, signal)),
      async submitApplication(application, options = {}) {
        try {
          const created = await apiRequest<{ id: number | null }>('/api/job-applications', {
            method: 'POST',
            body: application,
            headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {},
          })
          return { ok: true, id: created?.id ?? null }
        } catch (error) {
          if (error instanceof ApiError) return { ok: false, status: error.status, error: error.message }
          throw error
        }
      },
    },
  }
}

import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { ApplicationRecord } from '../../../shared/application-schema'
import type { AdminPostDetail, PostDetail, PostSummary, TagRef } from '../../../shared/blog'
import type { MediaListItem } from '../../../shared/media'
import type { PostInput } from '../../../shared/post-schema'
import type { PostRevision, PostRevisionSummary } from '../../../shared/revisions'
import { apiRequest } from '../../data/api-request'

const ADMIN_RETRY_CAP_MS = 30_000
const adminRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, ADMIN_RETRY_CAP_MS)

/** Spec §7's admin queries, defined once: keys, refresh intervals, freshness and retries. */
export const adminQueries = {
  summary: () =>
    queryOptions({
      queryKey: ['posts', 'admin-summary'],
      queryFn: ({ signal }) =>
        apiRequest<PostSummary[]>('/api/blog/admin-summary?_nocache', { signal }).then((list) => list ?? []),
      refetchInterval: 30_000,
      staleTime: 10_000,
      retry: 3,
      retryDelay: adminRetryDelay,
      refetchOnWindowFocus: false,
    }),
  post: (id: number) =>
    queryOptions({
      queryKey: ['posts', 'admin-post', id],
      queryFn: ({ signal }) =>
        apiRequest<AdminPostDetail>(`/api/blog/${id}?_t=${Date.now()}`, { signal }) as Promise<AdminPostDetail>,
      staleTime: 0,
    }),
  revisions: (id: number) =>
    queryOptions({
      queryKey: ['posts', 'revisions', id],
      queryFn: ({ signal }) =>
        apiRequest<PostRevisionSummary[]>(`/api/blog/${id}/revisions`, { signal }).then((list) => list ?? []),
      staleTime: 0,
    }),
  revision: (id: number, revisionId: number) =>
    queryOptions({
      queryKey: ['posts', 'revision', id, revisionId],
      queryFn: ({ signal }) =>
        apiRequest<PostRevision>(`/api/blog/${id}/revisions/${revisionId}`, { signal }) as Promise<PostRevision>,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  tags: () =>
    queryOptions({
      queryKey: ['tags'],
      queryFn: ({ signal }) => apiRequest<TagRef[]>('/api/tags', { signal, nullOn401: true }),
      staleTime: 30_000,
      retry: 3,
      retryDelay: adminRetryDelay,
    }),
  media: () =>
    queryOptions({
      queryKey: ['media'],
      queryFn: ({ signal }) => apiRequest<MediaListItem[]>('/api/media', { signal }).then((list) => list ?? []),
      staleTime: 10_000,
      retry: 3,
      retryDelay: adminRetryDelay,
    }),
  applications: () =>
    queryOptions({
      queryKey: ['applications'],
      queryFn: ({ signal }) =>
        apiRequest<ApplicationRecord[]>('/api/admin/applications', { signal }).then((list) => list ?? []),
      staleTime: 10_000,
      retry: 3,
      retryDelay: adminRetryDelay,
    }),
}

/** Spec §7: after a post save or delete, every post cache (`/api/blog` and the admin summary) refreshes. */
export const refreshPosts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['posts'] })
export const refreshTags = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['tags'] })

export const adminWrites = {
  savePost: (input: PostInput, id?: number) =>
    apiRequest<PostDetail>(id ? `/api/blog/${id}` : '/api/blog', {
      method: id ? 'PUT' : 'POST',
      body: input,
    }) as Promise<PostDetail>,
  regeneratePreviewLink: (id: number) =>
    apiRequest<{ previewUrl: string }>(`/api/blog/${id}/preview-link`, { method: 'POST' }) as Promise<{
      previewUrl: string
    }>,
  restoreRevision: (id: number, revisionId: number) =>
    apiRequest<PostDetail>(`/api/blog/${id}/revisions/${revisionId}/restore`, {
      method: 'POST',
    }) as Promise<PostDetail>,
  deletePost: (id: number) => apiRequest<{ ok: true }>(`/api/blog/${id}`, { method: 'DELETE' }),
  createTag: (name: string, slug: string) => apiRequest<TagRef>('/api/tags', { method: 'POST', body: { name, slug } }),
  deleteTag: (id: number) => apiRequest<{ ok: true }>(`/api/tags/${id}`, { method: 'DELETE' }),
  deleteMedia: (id: number) => apiRequest<{ ok: true }>(`/api/media/${id}`, { method: 'DELETE' }),
  logout: () => apiRequest<{ ok: true }>('/api/admin/logout', { method: 'POST' }),
}

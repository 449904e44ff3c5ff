import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import { ADMIN_POST_MAX_LIMIT } from '../../../shared/admin-post-query'
import type { AdminSessionInfo, AuditEvent } from '../../../shared/admin-security'
import {
  type ApplicationDetail,
  type ApplicationFilter,
  type ApplicationSummary,
  type ApplicationUpdate,
  applicationFilterQuery,
  type MailStatus,
} from '../../../shared/application-pipeline'
import {
  type AdminPostDetail,
  normalizeSearchQuery,
  type PostDetail,
  type PostSummary,
  type TagRef,
} from '../../../shared/blog'
import type { MediaListItem } from '../../../shared/media'
import type { BulkInput, BulkResult } from '../../../shared/post-bulk'
import type { PostInput } from '../../../shared/post-schema'
import type { PostRevision, PostRevisionSummary } from '../../../shared/revisions'
import { ApiError, apiGet, apiRequest } from '../../data/api-request'

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
  /**
   * The ids of the posts the server finds for a search (title, excerpt or text holding every word of `q`,
   * its search index) or a tag, drafts included: a page of 100 at a time until the last (at most 20 pages).
   */
  matching: ({ q = '', tag = null }: { q?: string; tag?: number | null }) =>
    queryOptions({
      queryKey: ['posts', 'admin-matching', q, tag],
      queryFn: async ({ signal }) => {
        const found = new Set<number>()
        const params = new URLSearchParams({ limit: String(ADMIN_POST_MAX_LIMIT) })
        if (q.trim()) params.set('q', normalizeSearchQuery(q))
        if (tag !== null) params.set('tag', String(tag))
        for (let page = 1; page <= 20; page++) {
          params.set('page', String(page))
          const posts = (await apiRequest<PostSummary[]>(`/api/blog/admin-summary?${params}`, { signal })) ?? []
          for (const post of posts) found.add(post.id)
          if (posts.length < ADMIN_POST_MAX_LIMIT) break
        }
        return found
      },
      staleTime: 10_000,
      // A refusal would be refused again; titles still match meanwhile.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      enabled: q.trim() !== '' || tag !== null,
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
      // Asked again wherever tags are shown (the list's filter reads them first): one added by anyone is there.
      refetchOnMount: 'always',
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
  applications: (filter: ApplicationFilter = {}) =>
    queryOptions({
      queryKey: ['applications', 'list', applicationFilterQuery(filter)],
      queryFn: ({ signal }) =>
        apiRequest<ApplicationSummary[]>(`/api/admin/applications${applicationFilterQuery(filter)}`, { signal }).then(
          (list) => list ?? [],
        ),
      staleTime: 10_000,
      retry: 3,
      retryDelay: adminRetryDelay,
    }),
  application: (id: number) =>
    queryOptions({
      queryKey: ['applications', 'detail', id],
      queryFn: ({ signal }) => apiGet<ApplicationDetail>(`/api/admin/applications/${id}`, signal),
      staleTime: 0,
    }),
  mail: () =>
    queryOptions({
      queryKey: ['mail'],
      queryFn: ({ signal }) => apiGet<MailStatus>('/api/admin/mail', signal),
      staleTime: 10_000,
      refetchInterval: 30_000,
    }),
  security: () =>
    queryOptions({
      queryKey: ['security', 'status'],
      queryFn: ({ signal }) => apiGet<{ enabled: boolean; recoveryCodesLeft: number }>('/api/admin/2fa', signal),
      staleTime: 0,
    }),
  sessions: () =>
    queryOptions({
      queryKey: ['security', 'sessions'],
      queryFn: ({ signal }) => apiGet<AdminSessionInfo[]>('/api/admin/sessions', signal),
      staleTime: 0,
      retry: 3,
      retryDelay: adminRetryDelay,
    }),
  audit: (filter: string) =>
    infiniteQueryOptions({
      queryKey: ['security', 'audit', filter],
      queryFn: ({ signal, pageParam }) => {
        const query = new URLSearchParams({ limit: String(AUDIT_PAGE) })
        if (filter) query.set('type', filter)
        if (pageParam) query.set('before', String(pageParam))
        return apiGet<AuditEvent[]>(`/api/admin/audit?${query}`, signal)
      },
      initialPageParam: 0,
      // A full page may have more behind it: the next one starts below its oldest event.
      getNextPageParam: (page) => (page.length === AUDIT_PAGE ? page.at(-1)?.id : undefined),
      staleTime: 0,
      retry: 3,
      retryDelay: adminRetryDelay,
    }),
}

/** Audit events per page of the admin's list. */
export const AUDIT_PAGE = 50

/** After any security change, the status, the sessions and the audit log are read again. */
export const refreshSecurity = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['security'] })

/** The password again (and a code when two-factor is on), as sensitive changes ask for it. */
export interface Reauthentication {
  password: string
  code?: string
}

export const securityWrites = {
  setupTwoFactor: (password?: string) =>
    apiRequest<{ secret: string; otpauthUrl: string }>('/api/admin/2fa/setup', {
      method: 'POST',
      body: password === undefined ? undefined : { password },
    }) as Promise<{
      secret: string
      otpauthUrl: string
    }>,
  enableTwoFactor: (code: string) =>
    apiRequest<{ recoveryCodes: string[] }>('/api/admin/2fa/enable', { method: 'POST', body: { code } }) as Promise<{
      recoveryCodes: string[]
    }>,
  cancelTwoFactorSetup: () => apiRequest<{ ok: true }>('/api/admin/2fa/cancel', { method: 'POST' }),
  disableTwoFactor: (proof: Reauthentication) =>
    apiRequest<{ ok: true }>('/api/admin/2fa/disable', { method: 'POST', body: proof }),
  changePassword: (body: { currentPassword: string; newPassword: string; code?: string }) =>
    apiRequest<{ ok: true; signedOut: number }>('/api/admin/password', { method: 'POST', body }) as Promise<{
      ok: true
      signedOut: number
    }>,
  revokeSession: (id: number) => apiRequest<{ ok: true }>(`/api/admin/sessions/${id}`, { method: 'DELETE' }),
  revokeOtherSessions: (proof: Reauthentication) =>
    apiRequest<{ ok: true; signedOut: number }>('/api/admin/sessions/revoke-others', {
      method: 'POST',
      body: proof,
    }) as Promise<{ ok: true; signedOut: number }>,
}

/** Spec §7: after a post save or delete, every post cache (`/api/blog` and the admin summary) refreshes. */
export const refreshPosts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['posts'] })
export const refreshTags = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['tags'] })
/** After a change to an application: every list and detail, and the mail status (a deletion takes its mail). */
export const refreshApplications = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['applications'] }),
    queryClient.invalidateQueries({ queryKey: ['mail'] }),
  ])

/** Where the administrator's browser downloads an application's résumé file and the CSV of a filtered list. */
export const applicationResumeUrl = (id: number) => `/api/admin/applications/${id}/resume`
/** Everything held about one applicant, for their data request: a zip of its data and their file. */
export const applicationExportUrl = (id: number) => `/api/admin/applications/${id}/export`
export const applicationsCsvUrl = (filter: ApplicationFilter) =>
  `/api/admin/applications.csv${applicationFilterQuery(filter)}`

export const applicationWrites = {
  update: (id: number, update: ApplicationUpdate) =>
    apiRequest<ApplicationDetail>(`/api/admin/applications/${id}`, {
      method: 'PATCH',
      body: update,
    }) as Promise<ApplicationDetail>,
  remove: (id: number) => apiRequest<{ ok: true }>(`/api/admin/applications/${id}`, { method: 'DELETE' }),
  retryMail: (id: number) => apiRequest<{ ok: true }>(`/api/admin/mail/${id}/retry`, { method: 'POST' }),
}

export const adminWrites = {
  /** `ifMatch`: the version the edit started from (shared/post-version.ts); a newer one refuses the save (412). */
  savePost: (input: PostInput, id?: number, ifMatch?: string) =>
    apiRequest<PostDetail>(id ? `/api/blog/${id}` : '/api/blog', {
      method: id ? 'PUT' : 'POST',
      body: input,
      ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}),
    }) as Promise<PostDetail>,
  regenerateDraftLink: (id: number) =>
    apiRequest<{ draftLinkUrl: string }>(`/api/blog/${id}/draft-link`, { method: 'POST' }) as Promise<{
      draftLinkUrl: string
    }>,
  restoreRevision: (id: number, revisionId: number, ifMatch?: string) =>
    apiRequest<PostDetail>(`/api/blog/${id}/revisions/${revisionId}/restore`, {
      method: 'POST',
      ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}),
    }) as Promise<PostDetail>,
  deletePost: (id: number) => apiRequest<{ ok: true }>(`/api/blog/${id}`, { method: 'DELETE' }),
  bulkPosts: (input: BulkInput) =>
    apiRequest<BulkResult>('/api/blog/bulk', { method: 'POST', body: input }) as Promise<BulkResult>,
  createTag: (name: string, slug: string) => apiRequest<TagRef>('/api/tags', { method: 'POST', body: { name, slug } }),
  deleteTag: (id: number) => apiRequest<{ ok: true }>(`/api/tags/${id}`, { method: 'DELETE' }),
  deleteMedia: (id: number) => apiRequest<{ ok: true }>(`/api/media/${id}`, { method: 'DELETE' }),
  logout: () => apiRequest<{ ok: true }>('/api/admin/logout', { method: 'POST' }),
}

import { answerField } from '../../shared/answer-field'
import {
  type AuthorPage,
  type PostDetail,
  type PostPage,
  type PostSummary,
  readSearchTotalHeader,
  SEARCH_TOTAL_HEADER,
  type TagPage,
} from '../../shared/blog'
import { EVENT_API } from '../../shared/event-api'
import type { PromotedEvent } from '../../shared/event-promotion'
import type { SiteEvent } from '../../shared/events'
import type { Answers } from '../../shared/job-questions'
import type { Job } from '../../shared/jobs'
import type { PreviewerGate } from '../../shared/previewer'
import { RESUME_FIELD } from '../../shared/resume-field'
import { SITE_FACTS_API, type SiteFacts } from '../../shared/site-facts'
import { ApiError, apiGet, apiRequest } from './api-request'
import type { AppData } from './app-data'

const q = encodeURIComponent

/** An application with its résumé file, as the multipart form the API takes (each answer an `answer-{id}` field). */
function applicationForm(application: Record<string, unknown>, resume: File): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(application)) {
    if (name !== 'answers') form.append(name, String(value ?? ''))
    else
      for (const [id, answer] of Object.entries(value as Answers))
        form.append(answerField(id), answer === true ? 'yes' : answer === false ? 'no' : answer)
  }
  form.append(RESUME_FIELD, resume)
  return form
}

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
      byTag: (slug, page, limit, signal) =>
        nullOn404(apiGet<TagPage>(`/api/blog/tag/${q(slug)}?page=${page}&limit=${limit}`, signal)),
      byAuthor: (slug, page, limit, signal) =>
        nullOn404(apiGet<AuthorPage>(`/api/blog/author/${q(slug)}?page=${page}&limit=${limit}`, signal)),
      featured: (signal) => apiGet<PostSummary[]>('/api/blog/featured', signal),
      async search(query, limit, signal) {
        let total: string | null = null
        const posts = await apiRequest<PostSummary[]>(`/api/blog/search?q=${q(query)}&limit=${limit}`, {
          signal,
          onHeaders: (headers) => {
            total = headers.get(SEARCH_TOTAL_HEADER)
          },
        })
        return readSearchTotalHeader(total, posts ?? [])
      },
      bySlug: (slug, signal) => nullOn404(apiGet<PostDetail>(`/api/blog/slug/${q(slug)}`, signal)),
      related: (slug, signal) => nullOn404(apiGet<PostSummary[]>(`/api/blog/slug/${q(slug)}/related`, signal)),
      byDraftLinkToken: (token, signal) => nullOn404(apiGet<PostDetail>(`/api/blog/draft-links/${q(token)}`, signal)),
    },
    event: {
      first: (signal) => apiGet<SiteEvent>(EVENT_API.first, signal),
      bySlug: (slug, signal) => nullOn404(apiGet<SiteEvent>(EVENT_API.bySlug(slug), signal)),
      promoted: (signal) => apiGet<PromotedEvent[]>(EVENT_API.promoted, signal),
    },
    site: {
      links: (signal) => apiGet<SiteFacts>(SITE_FACTS_API, signal),
    },
    previewer: {
      gate: () => apiGet<PreviewerGate>('/api/previewer/gate'),
    },
    careers: {
      jobs: (signal) => apiGet<Job[]>('/api/jobs', signal),
      jobBySlug: (slug, signal) => nullOn404(apiGet<Job>(`/api/jobs/${q(slug)}`, signal)),
      async submitApplication(application, { idempotencyKey, resume } = {}) {
        try {
          const created = await apiRequest<{ id: number | null }>('/api/job-applications', {
            method: 'POST',
            body: resume ? applicationForm(application, resume) : application,
            headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
          })
          return { ok: true, id: created?.id ?? null }
        } catch (error) {
          if (error instanceof ApiError) return { ok: false, status: error.status, error: error.message }
          throw error
        }
      },
      privacy: (signal) => apiGet<{ retentionDays: number }>('/api/careers/privacy', signal),
    },
  }
}

import { createContext, type ReactNode, useContext } from 'react'
import type { SubmitApplicationResult } from '../../shared/application-rules'
import type { AuthorPage, PostDetail, PostPage, PostSummary, SearchResult, TagPage } from '../../shared/blog'
import type { PromotedEvent } from '../../shared/event-promotion'
import type { SiteEvent } from '../../shared/events'
import type { Job } from '../../shared/jobs'
import type { PreviewerGate } from '../../shared/previewer'
import type { SiteFacts } from '../../shared/site-facts'

/**
 * The data the pages read. The server implements it with direct service calls, the browser with the
 * JSON API; loaders and components never know which one they have.
 */
export interface AppData {
  blog: {
    list(page: number, limit: number, signal?: AbortSignal): Promise<PostPage>
    /** A page of a tag's posts; null when no public post carries the tag. */
    byTag(slug: string, page: number, limit: number, signal?: AbortSignal): Promise<TagPage | null>
    /** A page of an author's posts; null when nobody by that slug has public posts. */
    byAuthor(slug: string, page: number, limit: number, signal?: AbortSignal): Promise<AuthorPage | null>
    featured(signal?: AbortSignal): Promise<PostSummary[]>
    /** The best `limit` matches, best first, and how many posts match in all. */
    search(query: string, limit: number, signal?: AbortSignal): Promise<SearchResult>
    bySlug(slug: string, signal?: AbortSignal): Promise<PostDetail | null>
    /** Posts to read next; null when no public post is at this address. */
    related(slug: string, signal?: AbortSignal): Promise<PostSummary[] | null>
    /** The saved post behind a draft link, whatever its status; null for an unknown token. */
    byDraftLinkToken(token: string, signal?: AbortSignal): Promise<PostDetail | null>
  }
  /** The events: their pages, and those the home page may promote. */
  event: {
    /** The spec's event, at /rdc25. */
    first(signal?: AbortSignal): Promise<SiteEvent>
    bySlug(slug: string, signal?: AbortSignal): Promise<SiteEvent | null>
    promoted(signal?: AbortSignal): Promise<PromotedEvent[]>
  }
  /** What every public page shows of the owner's settings: the Discord invite and the Connect links. */
  site: {
    links(signal?: AbortSignal): Promise<SiteFacts>
  }
  previewer: {
    gate(): Promise<PreviewerGate>
  }
  careers: {
    /** The open jobs, newest posted first. */
    jobs(signal?: AbortSignal): Promise<Job[]>
    /** An open or closed job (`open` says which); null for a draft or an unknown slug. */
    jobBySlug(slug: string, signal?: AbortSignal): Promise<Job | null>
    /**
     * The form posted to a job's page, or why it was refused: the server reads it (within its memory
     * bounds) before the page renders. Only on the server, which runs the page's action; in the browser
     * the form posts to the API instead.
     */
    postedForm?(): FormData | { ok: false; status: number; error: string } | null
    /**
     * Resolves once the application is stored, or with the reason it was refused. The same idempotency
     * key again is the same application (stored once). With a résumé file it is sent as multipart.
     */
    submitApplication(
      application: Record<string, unknown>,
      options?: { idempotencyKey?: string; resume?: File | null },
    ): Promise<SubmitApplicationResult>
    /** What the applicants' privacy notice says that depends on the server's configuration. */
    privacy(signal?: AbortSignal): Promise<{ retentionDays: number }>
  }
}

const AppDataContext = createContext<AppData | null>(null)

export function AppDataProvider({ value, children }: { value: AppData; children: ReactNode }) {
  return <AppDataContext.Provider value={value}>{children}</AppDataContext.Provider>
}

export function useAppData(): AppData {
  const data = useContext(AppDataContext)
  if (!data) throw new Error('useAppData must be used inside AppDataProvider')
  return data
}

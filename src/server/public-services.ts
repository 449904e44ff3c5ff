import type { SearchResult } from '../shared/blog'
import type { PreviewerGate } from '../shared/previewer'
import type { ContentVersion } from './cache/content-version'
import type { Database } from './db/client'
import {
  type ApplicationMail,
  type ApplicationServiceOptions,
  createApplicationService,
} from './features/applications/service'
import { createEventService } from './features/event/service'
import { cachePublicJobs } from './features/jobs/cached-service'
import { createPublicJobService } from './features/jobs/service'
import { cachePublicPosts } from './features/posts/cached-service'
import { createDraftLinkService } from './features/posts/draft-links'
import { createPublicPostService, type PublicPostService } from './features/posts/service'
import { createSiteFactsService } from './features/settings/service'
import type { RenderThreads } from './render/render-threads'
import type { ServerServices } from './render/server-data'

export interface PublicServiceOptions {
  content: ContentVersion
  clock: () => number
  /** Keep public reads in memory until the content version changes (off in tests of streaming). */
  cacheContent: boolean
  mail: ApplicationMail | null
  retentionDays: number
  previewerGate: PreviewerGate
  /** The rate limits' IPv6 network (config LIMIT_IPV6_PREFIX). */
  ipv6Prefix?: number
  /** The upload gate's budget and warning (upload-gate.ts); render threads take no uploads. */
  uploads?: ApplicationServiceOptions['uploads']
  logError?: ApplicationServiceOptions['logError']
  /** Where searches no cache holds run, leaving the event loop free (the main thread's; a thread has none). */
  renderThreads?: RenderThreads | null
}

/** The posts service whose searches run elsewhere when they can; here when there is no thread or it fails. */
function searchingElsewhere(
  posts: PublicPostService,
  elsewhere?: (query: string, limit: number) => Promise<SearchResult | null>,
) {
  if (!elsewhere) return posts
  const here = posts.search
  return {
    ...posts,
    search: async (query: string, limit: number) =>
      (await elsewhere(query, limit).catch(() => null)) ?? here(query, limit),
  }
}

/**
 * The services the pages and the public JSON API read through: made the same way by the app (app.ts) and
 * by each render thread (render-thread.ts), so a page reads the same wherever it is rendered.
 */
export function createPublicServices(db: Database, options: PublicServiceOptions) {
  const { content, clock, cacheContent, mail, retentionDays, previewerGate, ipv6Prefix, uploads, logError } = options
  const threads = options.renderThreads
  const elsewhere = threads
    ? async (query: string, limit: number) => threads.search(query, limit, clock(), await content.current())
    : undefined
  const posts = searchingElsewhere(createPublicPostService(db, clock), elsewhere)
  const jobs = createPublicJobService(db, clock)
  return {
    posts: cacheContent ? cachePublicPosts(posts, content) : posts,
    jobs: cacheContent ? cachePublicJobs(jobs, content) : jobs,
    event: createEventService(db, { content }),
    siteFacts: createSiteFactsService(db, { content }),
    draftLinks: createDraftLinkService(db),
    applications: createApplicationService(db, {
      content,
      clock,
      mail,
      retentionDays,
      jobs,
      ipv6Prefix,
      uploads,
      logError,
    }),
    previewerGate,
    retentionDays,
  } satisfies ServerServices
}

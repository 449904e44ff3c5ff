import type { PreviewGate } from '../shared/preview'
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
import { createPostPreviewService } from './features/posts/post-preview'
import { createPublicPostService } from './features/posts/service'
import type { ServerServices } from './render/server-data'

export interface PublicServiceOptions {
  content: ContentVersion
  clock: () => number
  /** Keep public reads in memory until the content version changes (off in tests of streaming). */
  cacheContent: boolean
  mail: ApplicationMail | null
  retentionDays: number
  previewGate: PreviewGate
  /** The rate limits' IPv6 network (config LIMIT_IPV6_PREFIX). */
  ipv6Prefix?: number
  /** The upload gate's budget and warning (upload-gate.ts); render threads take no uploads. */
  uploads?: ApplicationServiceOptions['uploads']
}

/**
 * The services the pages and the public JSON API read through: made the same way by the app (app.ts) and
 * by each render thread (render-thread.ts), so a page reads the same wherever it is rendered.
 */
export function createPublicServices(
  db: Database,
  { content, clock, cacheContent, mail, retentionDays, previewGate, ipv6Prefix, uploads }: PublicServiceOptions,
) {
  const posts = createPublicPostService(db, clock)
  const jobs = createPublicJobService(db, clock)
  return {
    posts: cacheContent ? cachePublicPosts(posts, content) : posts,
    jobs: cacheContent ? cachePublicJobs(jobs, content) : jobs,
    event: createEventService(db, { content }),
    previews: createPostPreviewService(db),
    applications: createApplicationService(db, { content, clock, mail, retentionDays, jobs, ipv6Prefix, uploads }),
    previewGate,
    retentionDays,
  } satisfies ServerServices
}

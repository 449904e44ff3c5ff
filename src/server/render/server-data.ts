import type { AppData } from '../../app/data/app-data'
import { FEATURED_POSTS_LIMIT, RELATED_POSTS_LIMIT } from '../../shared/blog'
import type { PreviewerGate } from '../../shared/previewer'
import type { PostedForm } from '../features/applications/form-post'
import type { ApplicationService } from '../features/applications/service'
import type { EventService } from '../features/event/service'
import type { PublicJobService } from '../features/jobs/service'
import type { DraftLinkService } from '../features/posts/draft-links'
import type { PublicPostService } from '../features/posts/service'
import type { SiteFactsService } from '../features/settings/service'

export interface ServerServices {
  posts: PublicPostService
  jobs: PublicJobService
  event: Pick<EventService, 'first' | 'bySlug' | 'promoted'>
  siteFacts: Pick<SiteFactsService, 'get'>
  draftLinks: DraftLinkService
  applications: ApplicationService
  previewerGate: PreviewerGate
  retentionDays: number
}

/**
 * The pages' data interface on the server: the same services the JSON API uses, without HTTP. Made per
 * request because a form post is rate-limited by the client that sent it (and was read, or refused, before
 * the page rendered: form-post.ts), and its emails link to the site's origin (SITE_URL).
 */
export function createServerData(
  { posts, jobs, event, siteFacts, draftLinks, applications, previewerGate, retentionDays }: ServerServices,
  { clientKey, origin, posted }: { clientKey: string; origin: string; posted?: PostedForm },
): AppData {
  return {
    blog: {
      list: (page, limit) => posts.list(page, limit),
      byTag: (slug, page, limit) => posts.byTag(slug, page, limit),
      byAuthor: (slug, page, limit) => posts.byAuthor(slug, page, limit),
      featured: () => posts.featured(FEATURED_POSTS_LIMIT),
      search: (query, limit) => posts.search(query, limit),
      bySlug: (slug) => posts.bySlug(slug),
      related: (slug) => posts.related(slug, RELATED_POSTS_LIMIT),
      byDraftLinkToken: (token) => draftLinks.byToken(token),
    },
    event: {
      first: async () => {
        const first = await event.first()
        if (!first) throw new Error('The first event (row 1 of events) is missing')
        return first
      },
      bySlug: (slug) => event.bySlug(slug),
      promoted: () => event.promoted(),
    },
    site: {
      links: () => siteFacts.get(),
    },
    previewer: {
      gate: async () => previewerGate,
    },
    careers: {
      jobs: () => jobs.list(),
      jobBySlug: (slug) => jobs.bySlug(slug),
      postedForm: () => posted?.form ?? null,
      async submitApplication(application, { idempotencyKey, resume } = {}) {
        const file = resume ? { name: resume.name, bytes: new Uint8Array(await resume.arrayBuffer()) } : null
        const counted = posted?.counted ?? false
        return applications.submit(application, { clientKey, idempotencyKey, resume: file, origin, counted })
      },
      privacy: async () => ({ retentionDays }),
    },
  }
}

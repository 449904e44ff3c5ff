import type { AppData } from '../../app/data/app-data'
import { FEATURED_POSTS_LIMIT, RELATED_POSTS_LIMIT } from '../../shared/blog'
import type { PreviewGate } from '../../shared/preview'
import type { ApplicationService } from '../features/applications/service'
import type { EventService } from '../features/event/service'
import type { PostPreviewService } from '../features/posts/post-preview'
import type { PublicPostService } from '../features/posts/service'

export interface ServerServices {
  posts: PublicPostService
  event: Pick<EventService, 'get'>
  previews: PostPreviewService
  applications: ApplicationService
  previewGate: PreviewGate
}

/**
 * The pages' data interface on the server: the same services the JSON API uses, without HTTP. Made per
 * request because a form post is rate-limited by the client that sent it.
 */
export function createServerData(
  { posts, event, previews, applications, previewGate }: ServerServices,
  clientKey: string,
): AppData {
  return {
    blog: {
      list: (page, limit) => posts.list(page, limit),
      byTag: (slug, page, limit) => posts.byTag(slug, page, limit),
      featured: () => posts.featured(FEATURED_POSTS_LIMIT),
      search: (query, limit) => posts.search(query, limit),
      bySlug: (slug) => posts.bySlug(slug),
      related: (slug) => posts.related(slug, RELATED_POSTS_LIMIT),
      byPreviewToken: (token) => previews.byToken(token),
    },
    event: {
      get: () => event.get(),
    },
    preview: {
      gate: async () => previewGate,
    },
    careers: {
      submitApplication: (application, options) => applications.submit(application, clientKey, options?.idempotencyKey),
    },
  }
}

import type { AppData } from '../../app/data/app-data'
import { RELATED_POSTS_LIMIT, FEATURED_POSTS_LIMIT } from '../../shared/blog'
import type { PublicPostService } from '../features/posts/service'

/** The pages' data interface on the server: the same services the JSON API uses, without HTTP. */
export function createServerData(posts: PublicPostService): AppData {
  return {
    blog: {
      list: (page, limit) => posts.list(page, limit),
      featured: () => posts.featured(FEATURED_POSTS_LIMIT),
      search: (query, limit) => posts.search(query, limit),
      bySlug: (slug) => posts.bySlug(slug),
      related: (slug) => posts.related(slug, RELATED_POSTS_LIMIT),
    },
  }
}

import { Elysia, t } from 'elysia'
import {
  BLOG_MAX_PAGE,
  BLOG_MAX_PAGE_SIZE,
  BLOG_PAGE_SIZE,
  FEATURED_POSTS_LIMIT,
  formatSearchTotalHeader,
  RELATED_POSTS_LIMIT,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_RESULTS_LIMIT,
  SEARCH_SUGGESTION_LIMIT,
  SEARCH_TOTAL_HEADER,
} from '../../../shared/blog'
import { movedTo } from '../../../shared/moved-address'
import { heldBy } from '../../cache/versioned-reads'
import type { FairReads } from '../../render/fair-reads'
import type { PublicPostService } from './service'

const positiveInteger = t.Integer({ minimum: 1 })
const pageNumber = t.Integer({ minimum: 1, maximum: BLOG_MAX_PAGE })
const pageQuery = t.Object(
  { page: t.Optional(pageNumber), limit: t.Optional(positiveInteger) },
  { additionalProperties: true },
)
const pageSize = (limit: number | undefined) => Math.min(limit ?? BLOG_PAGE_SIZE, BLOG_MAX_PAGE_SIZE)

/**
 * What a search's result is read for: the suggestions' few, or a page of results. Any other `limit` is
 * served from one of these, cut short, so limits cannot make searches no cache holds.
 */
const searchReadLimit = (limit: number) =>
  limit <= SEARCH_SUGGESTION_LIMIT ? SEARCH_SUGGESTION_LIMIT : SEARCH_RESULTS_LIMIT

/**
 * The public blog's JSON API: published posts only, used by client navigation and search suggestions.
 * A read no cache holds takes a turn in the render line (render/fair-reads.ts).
 */
export function publicPostRoutes(service: PublicPostService, fair: FairReads) {
  /** The service's read through the fair line: what its cache holds at once, the rest in turn. */
  const read = <Args extends unknown[], Result>(
    request: Request,
    method: (...args: Args) => Promise<Result>,
    ...args: Args
  ) => fair(request, heldBy(method, ...args), () => method(...args))
  // Full paths, no prefix: a prefixed `get('/')` makes Elysia 1.4 lose the admin's `POST /api/blog`.
  return new Elysia({ name: 'public-posts' })
    .get('/api/blog', ({ request, query }) => read(request, service.list, query.page ?? 1, pageSize(query.limit)), {
      query: pageQuery,
    })
    .get(
      '/api/blog/tag/:slug',
      async ({ request, params, query, status }) => {
        const page = await read(request, service.byTag, params.slug, query.page ?? 1, pageSize(query.limit))
        return page ?? status(404, { error: 'Tag not found' })
      },
      { query: pageQuery },
    )
    .get(
      '/api/blog/author/:slug',
      async ({ request, params, query, status }) => {
        const page = await read(request, service.byAuthor, params.slug, query.page ?? 1, pageSize(query.limit))
        return page ?? status(404, { error: 'Author not found' })
      },
      { query: pageQuery },
    )
    .get('/api/blog/featured', ({ request }) => read(request, service.featured, FEATURED_POSTS_LIMIT))
    .get(
      '/api/blog/search',
      // The body is the list of posts; how many match in all rides in a header (decision record 0020).
      async ({ query, set, request }) => {
        const limit = Math.min(query.limit ?? SEARCH_SUGGESTION_LIMIT, SEARCH_RESULTS_LIMIT)
        const result = await read(request, service.search, query.q ?? '', searchReadLimit(limit))
        if (result instanceof Response) return result
        set.headers[SEARCH_TOTAL_HEADER] = formatSearchTotalHeader(result)
        return result.posts.slice(0, limit)
      },
      {
        query: t.Object(
          { q: t.Optional(t.String({ maxLength: SEARCH_QUERY_MAX_LENGTH })), limit: t.Optional(positiveInteger) },
          { additionalProperties: true },
        ),
      },
    )
    .get('/api/blog/slug/:slug', async ({ request, params, status }) => {
      const post = await read(request, service.bySlug, params.slug)
      if (post instanceof Response) return post
      if (!post) return status(404, { error: 'Post not found' })
      // An old address: the post lives at its new slug now.
      return post.slug === params.slug ? post : movedTo(`/api/blog/slug/${encodeURIComponent(post.slug)}`)
    })
    .get(
      '/api/blog/slug/:slug/related',
      async ({ request, params, status }) =>
        (await read(request, service.related, params.slug, RELATED_POSTS_LIMIT)) ??
        status(404, { error: 'Post not found' }),
    )
}

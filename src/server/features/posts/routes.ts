import { Elysia, t } from 'elysia'
import {
  BLOG_MAX_PAGE,
  BLOG_MAX_PAGE_SIZE,
  BLOG_PAGE_SIZE,
  FEATURED_POSTS_LIMIT,
  RELATED_POSTS_LIMIT,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_RESULTS_LIMIT,
  SEARCH_SUGGESTION_LIMIT,
} from '../../../shared/blog'
import type { PublicPostService } from './service'

const positiveInteger = t.Integer({ minimum: 1 })
const pageNumber = t.Integer({ minimum: 1, maximum: BLOG_MAX_PAGE })

/** The public blog's JSON API: published posts only, used by client navigation and search suggestions. */
export function publicPostRoutes(service: PublicPostService) {
  // Full paths, no prefix: a prefixed `get('/')` makes Elysia 1.4 lose the admin's `POST /api/blog`.
  return new Elysia({ name: 'public-posts' })
    .get(
      '/api/blog',
      ({ query }) => service.list(query.page ?? 1, Math.min(query.limit ?? BLOG_PAGE_SIZE, BLOG_MAX_PAGE_SIZE)),
      {
        query: t.Object(
          { page: t.Optional(pageNumber), limit: t.Optional(positiveInteger) },
          { additionalProperties: true },
        ),
      },
    )
    .get('/api/blog/featured', () => service.featured(FEATURED_POSTS_LIMIT))
    .get(
      '/api/blog/search',
      ({ query }) =>
        service.search(query.q ?? '', Math.min(query.limit ?? SEARCH_SUGGESTION_LIMIT, SEARCH_RESULTS_LIMIT)),
      {
        query: t.Object(
          { q: t.Optional(t.String({ maxLength: SEARCH_QUERY_MAX_LENGTH })), limit: t.Optional(positiveInteger) },
          { additionalProperties: true },
        ),
      },
    )
    .get('/api/blog/slug/:slug', async ({ params, status, redirect }) => {
      const post = await service.bySlug(params.slug)
      if (!post) return status(404, { error: 'Post not found' })
      // An old address: the post lives at its new slug now.
      return post.slug === params.slug ? post : redirect(`/api/blog/slug/${encodeURIComponent(post.slug)}`, 301)
    })
    .get(
      '/api/blog/slug/:slug/related',
      async ({ params, status }) =>
        (await service.related(params.slug, RELATED_POSTS_LIMIT)) ?? status(404, { error: 'Post not found' }),
    )
}

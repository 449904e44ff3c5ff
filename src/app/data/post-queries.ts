import { queryOptions } from '@tanstack/react-query'
import { BLOG_PAGE_SIZE, RELATED_POSTS_LIMIT, SEARCH_RESULTS_LIMIT } from '../../shared/blog'
import type { AppData } from './app-data'

/** Query keys and options for posts, defined once; every key starts with 'posts' so writes can refresh them all. */
export const postQueries = {
  all: ['posts'] as const,
  list: (data: AppData, page: number, limit = BLOG_PAGE_SIZE) =>
    queryOptions({
      queryKey: ['posts', 'list', page, limit],
      queryFn: ({ signal }) => data.blog.list(page, limit, signal),
    }),
  tag: (data: AppData, slug: string, page: number, limit = BLOG_PAGE_SIZE) =>
    queryOptions({
      queryKey: ['posts', 'tag', slug, page, limit],
      queryFn: ({ signal }) => data.blog.byTag(slug, page, limit, signal),
    }),
  author: (data: AppData, slug: string, page: number, limit = BLOG_PAGE_SIZE) =>
    queryOptions({
      queryKey: ['posts', 'author', slug, page, limit],
      queryFn: ({ signal }) => data.blog.byAuthor(slug, page, limit, signal),
    }),
  featured: (data: AppData) =>
    queryOptions({ queryKey: ['posts', 'featured'], queryFn: ({ signal }) => data.blog.featured(signal) }),
  search: (data: AppData, query: string, limit = SEARCH_RESULTS_LIMIT) =>
    queryOptions({
      queryKey: ['posts', 'search', query.toLowerCase(), limit],
      queryFn: ({ signal }) => data.blog.search(query, limit, signal),
    }),
  detail: (data: AppData, slug: string) =>
    queryOptions({ queryKey: ['posts', 'detail', slug], queryFn: ({ signal }) => data.blog.bySlug(slug, signal) }),
  draftLink: (data: AppData, token: string) =>
    queryOptions({
      queryKey: ['posts', 'draft-link', token],
      queryFn: ({ signal }) => data.blog.byDraftLinkToken(token, signal),
    }),
  related: (data: AppData, slug: string) =>
    queryOptions({
      queryKey: ['posts', 'related', slug, RELATED_POSTS_LIMIT],
      queryFn: ({ signal }) => data.blog.related(slug, signal),
    }),
}

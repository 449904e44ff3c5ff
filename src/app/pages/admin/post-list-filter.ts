import type { PostSummary } from '../../../shared/blog'
import { isScheduled } from '../../../shared/dates'

/** The admin list's status filter (issue 16): 'featured' cuts across the other three. */
export const POST_LIST_FILTERS = ['all', 'draft', 'scheduled', 'published', 'featured'] as const
export type PostListFilter = (typeof POST_LIST_FILTERS)[number]

export const POST_LIST_FILTER_LABELS: Record<PostListFilter, string> = {
  all: 'All',
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  featured: 'Featured',
}

export interface PostListCriteria {
  query: string
  filter: PostListFilter
  /** The moment that decides scheduled against published (ms since the epoch). */
  now: number
  /** Posts the server's search found the query in (their excerpt or text), besides those whose title holds it. */
  textMatches?: ReadonlySet<number>
}

// Latin letters that Unicode does not split into a base letter and an accent.
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' }

/** Lower-case, accents dropped ("Café" → "cafe"), whitespace runs collapsed and trimmed: how titles and queries are compared. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim()
}

export function matchesFilter(post: PostSummary, filter: PostListFilter, now: number): boolean {
  switch (filter) {
    case 'all':
      return true
    case 'draft':
      return post.status === 'draft'
    case 'scheduled':
      return isScheduled(post, now)
    case 'published':
      return post.status === 'published' && !isScheduled(post, now)
    case 'featured':
      return post.featured
  }
}

/** The moment a post sorts by: its publication time, else its creation time; unreadable dates sort last. */
function sortTime(post: PostSummary): number {
  for (const value of [post.publishedAt, post.createdAt]) {
    const time = value ? Date.parse(value) : Number.NaN
    if (!Number.isNaN(time)) return time
  }
  return Number.NEGATIVE_INFINITY
}

/** Newest first; equal times fall back to the higher id (the later insert). */
export function compareNewestFirst(a: PostSummary, b: PostSummary): number {
  const diff = sortTime(b) - sortTime(a)
  if (diff !== 0 && !Number.isNaN(diff)) return diff > 0 ? 1 : -1
  return b.id - a.id
}

const queryMatcher = (query: string, textMatches: ReadonlySet<number> = new Set()) => {
  const needle = foldForSearch(query)
  return (post: PostSummary) => needle === '' || foldForSearch(post.title).includes(needle) || textMatches.has(post.id)
}

/**
 * The posts whose title holds the query (or whose text the server found it in) and that pass the status
 * filter, newest first. A new array.
 */
export function filterPostList(
  posts: readonly PostSummary[],
  { query, filter, now, textMatches }: PostListCriteria,
): PostSummary[] {
  const matchesQuery = queryMatcher(query, textMatches)
  return posts.filter((post) => matchesQuery(post) && matchesFilter(post, filter, now)).sort(compareNewestFirst)
}

/** For each filter, how many posts would show with the current query (the counts beside the filter buttons). */
export function countByFilter(
  posts: readonly PostSummary[],
  query: string,
  now: number,
  textMatches?: ReadonlySet<number>,
): Record<PostListFilter, number> {
  const matchesQuery = queryMatcher(query, textMatches)
  const counts = Object.fromEntries(POST_LIST_FILTERS.map((filter) => [filter, 0])) as Record<PostListFilter, number>
  for (const post of posts) {
    if (!matchesQuery(post)) continue
    for (const filter of POST_LIST_FILTERS) if (matchesFilter(post, filter, now)) counts[filter]++
  }
  return counts
}

/** The polite result line, e.g. "3 of 12 posts". */
export function describeResultCount(shown: number, total: number): string {
  return `${shown} of ${total} ${total === 1 ? 'post' : 'posts'}`
}

/** The empty state when the list has posts but none pass: says what was asked for. */
export function describeNoMatch(query: string, filter: PostListFilter): string {
  const asked = query.trim().replace(/\s+/g, ' ')
  const kind = filter === 'all' ? 'posts' : `${POST_LIST_FILTER_LABELS[filter].toLowerCase()} posts`
  if (asked) return `No ${kind} match "${asked}".`
  return `No posts match the filter "${POST_LIST_FILTER_LABELS[filter]}".`
}

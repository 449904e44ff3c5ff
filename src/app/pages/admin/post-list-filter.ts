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

/** The list's orders: the spec's newest first (by publication, else creation), or one column either way. */
export const POST_LIST_SORTS = [
  'newest',
  'title',
  '-title',
  'status',
  '-status',
  '-createdAt',
  'createdAt',
  '-publishedAt',
  'publishedAt',
] as const
export type PostListSort = (typeof POST_LIST_SORTS)[number]

export const POST_LIST_SORT_LABELS: Record<PostListSort, string> = {
  newest: 'Newest first',
  title: 'Title, A to Z',
  '-title': 'Title, Z to A',
  status: 'Status: drafts, scheduled, published',
  '-status': 'Status: published, scheduled, drafts',
  '-createdAt': 'Created, newest first',
  createdAt: 'Created, oldest first',
  '-publishedAt': 'Published, newest first',
  publishedAt: 'Published, oldest first',
}

/** How a column header tells the list's order (aria-sort); the Date column shows when posts were created. */
export function ariaSortOf(column: 'title' | 'status' | 'createdAt', sort: PostListSort) {
  if (sort === column) return 'ascending'
  if (sort === `-${column}`) return 'descending'
  return undefined
}

export interface PostListCriteria {
  query: string
  filter: PostListFilter
  /** The moment that decides scheduled against published (ms since the epoch). */
  now: number
  /** Posts the server's search found the query in (their excerpt or text), besides those whose title holds it. */
  textMatches?: ReadonlySet<number>
  /** Only this author's posts. */
  author?: number | null
  /** Only these posts (the ones carrying the chosen tag, as the server lists them). */
  tagMatches?: ReadonlySet<number> | null
  sort?: PostListSort
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

const STATUS_ORDER = { draft: 0, scheduled: 1, published: 2 }
const statusRank = (post: PostSummary, now: number) =>
  post.status === 'draft'
    ? STATUS_ORDER.draft
    : isScheduled(post, now)
      ? STATUS_ORDER.scheduled
      : STATUS_ORDER.published
const timeOf = (value: string | null) => (value ? Date.parse(value) : Number.NaN)
const titleCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/**
 * The order of `sort`: the column (titles as people read them, "Post 9" before "Post 10"), ties by id the
 * same way; posts without the date last either way.
 */
function comparatorOf(sort: PostListSort, now: number): (a: PostSummary, b: PostSummary) => number {
  if (sort === 'newest') return compareNewestFirst
  const descending = sort.startsWith('-')
  const field = sort.replace(/^-/, '')
  const sign = descending ? -1 : 1
  return (a, b) => {
    let diff = 0
    if (field === 'title') diff = titleCollator.compare(a.title, b.title)
    else if (field === 'status') diff = statusRank(a, now) - statusRank(b, now)
    else {
      const key = field === 'createdAt' ? 'createdAt' : 'publishedAt'
      const [left, right] = [timeOf(a[key]), timeOf(b[key])]
      if (Number.isNaN(left) !== Number.isNaN(right)) return Number.isNaN(left) ? 1 : -1
      diff = Number.isNaN(left) ? 0 : left - right
    }
    return sign * (diff !== 0 ? Math.sign(diff) : a.id - b.id)
  }
}

/** Whether a post passes the search, author and tag, whatever its status. */
const criteriaMatcher = ({ query, textMatches = new Set(), author = null, tagMatches = null }: PostListCriteria) => {
  const needle = foldForSearch(query)
  return (post: PostSummary) =>
    (needle === '' || foldForSearch(post.title).includes(needle) || textMatches.has(post.id)) &&
    (author === null || post.authorId === author) &&
    (tagMatches === null || tagMatches.has(post.id))
}

/**
 * The posts whose title holds the query (or whose text the server found it in) and that pass the status,
 * author and tag filters, in the order asked for (newest first unless told). A new array.
 */
export function filterPostList(posts: readonly PostSummary[], criteria: PostListCriteria): PostSummary[] {
  const matches = criteriaMatcher(criteria)
  return posts
    .filter((post) => matches(post) && matchesFilter(post, criteria.filter, criteria.now))
    .sort(comparatorOf(criteria.sort ?? 'newest', criteria.now))
}

/** For each status filter, how many posts would show with the rest of the criteria (the counts beside the buttons). */
export function countByFilter(
  posts: readonly PostSummary[],
  criteria: Omit<PostListCriteria, 'filter'>,
): Record<PostListFilter, number> {
  const matches = criteriaMatcher({ ...criteria, filter: 'all' })
  const counts = Object.fromEntries(POST_LIST_FILTERS.map((filter) => [filter, 0])) as Record<PostListFilter, number>
  for (const post of posts) {
    if (!matches(post)) continue
    for (const filter of POST_LIST_FILTERS) if (matchesFilter(post, filter, criteria.now)) counts[filter]++
  }
  return counts
}

/** The polite result line, e.g. "3 of 12 posts". */
export function describeResultCount(shown: number, total: number): string {
  return `${shown} of ${total} ${total === 1 ? 'post' : 'posts'}`
}

/** The empty state when the list has posts but none pass: says what was asked for. `narrowed`: a tag or author is chosen. */
export function describeNoMatch(query: string, filter: PostListFilter, narrowed = false): string {
  const asked = query.trim().replace(/\s+/g, ' ')
  const kind = filter === 'all' ? 'posts' : `${POST_LIST_FILTER_LABELS[filter].toLowerCase()} posts`
  if (asked) return `No ${kind} match "${asked}"${narrowed ? ' with the chosen filters' : ''}.`
  if (narrowed) return `No ${kind} match the chosen filters.`
  return `No posts match the filter "${POST_LIST_FILTER_LABELS[filter]}".`
}

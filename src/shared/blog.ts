import type { MediaImageInfo } from './media'
import type { NewsletterProgress } from './newsletter'
import type { PostSearchSettings } from './post-search-settings'

/** The blog's public shapes (spec §3) and limits (spec §9), shared by the API, the pages and the tests. */
export const BLOG_PAGE_SIZE = 6
export const BLOG_MAX_PAGE_SIZE = 50
/** Far past any real blog; keeps the row offset a safe integer. */
export const BLOG_MAX_PAGE = 10_000
export const SEARCH_SUGGESTION_LIMIT = 5
export const SEARCH_RESULTS_LIMIT = 100
/**
 * A query no word of which the index can answer (one or two characters) is matched by reading posts
 * newest first; its matches are counted up to here, and past it the total reads "1,000+".
 */
export const SEARCH_COUNT_LIMIT = 1000
export const SEARCH_QUERY_MAX_LENGTH = 100
export const RELATED_POSTS_LIMIT = 2
export const FEATURED_POSTS_LIMIT = 5
/** The home page's "Latest from the blog" strip. */
export const HOME_LATEST_POSTS = 3
/** Posts in an RSS feed (the blog's and each tag's): the newest, as readers only look for what is new. */
export const FEED_POSTS_LIMIT = 50
/** Of those, the newest carry their whole HTML (`content:encoded`); the rest their excerpt, which keeps feeds small. */
export const FEED_FULL_POSTS = 10
export const CARD_SCROLL_DELAY_MS = 50
export const SUGGESTION_BLUR_DELAY_MS = 200
export const SEARCH_DEBOUNCE_MS = 150
export const FALLBACK_POST_DESCRIPTION = 'Read the latest from the blog'
export const OG_IMAGE = { width: 1200, height: 630 } as const

/** Spec §4: a post is a draft or published; the database, the API schema and the pages use this list. */
export const POST_STATUSES = ['draft', 'published'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

export interface PostSummary {
  id: number
  title: string
  slug: string
  excerpt: string
  featuredImage: string | null
  /** Set when the featured image is an upload: its sizes, variants, share crop and alt text. */
  featuredImageInfo: MediaImageInfo | null
  featured: boolean
  status: PostStatus
  createdAt: string
  updatedAt: string
  publishedAt: string | null
  authorId: number
  /** The byline: who wrote it and their page (/blog/author/{slug}); null before they have a name. */
  author: AuthorRef | null
}

export interface AuthorRef {
  id: number
  name: string
  slug: string
}

export interface TagRef {
  id: number
  name: string
  slug: string
}

export interface PostDetail extends PostSummary, PostSearchSettings {
  content: string
  /** Set when the share image is an upload, like featuredImageInfo. */
  shareImageInfo: MediaImageInfo | null
  additionalImages: string[] | null
  tags: TagRef[]
}

/** The editor's read of a post: the public fields plus its draft link (absolute URL; null for someone else's). */
export interface AdminPostDetail extends PostDetail {
  draftLinkUrl: string | null
  /** Email it to the newsletter's subscribers when it goes public. */
  emailSubscribers: boolean
  /** How that email went, once it was sent. */
  newsletter: NewsletterProgress | null
}

export interface PostPage {
  posts: PostSummary[]
  meta: { total: number; page: number; limit: number; totalPages: number }
}

/** An author as their page shows them. */
export interface AuthorProfile extends AuthorRef {
  bio: string
}

/** A page of an author's public posts. */
export interface AuthorPage extends PostPage {
  author: AuthorProfile
}

/** An author with public posts (so their page exists), and when the newest change to those posts was. */
export interface PublicAuthor {
  slug: string
  updatedAt: string
}

/** A page of the public posts carrying a tag. */
export interface TagPage extends PostPage {
  tag: TagRef
}

/** A tag some public post carries (so its page exists), and when the newest change to those posts was. */
export interface PublicTag extends TagRef {
  updatedAt: string
}

/**
 * The best matches of a search, best first, and how many posts match in all. `total` is exact unless
 * `totalIsAtLeast`: the count stopped at SEARCH_COUNT_LIMIT.
 */
export interface SearchResult {
  posts: PostSummary[]
  total: number
  totalIsAtLeast: boolean
}

/** The API sends a search's total in this header (its body stays the list of posts): "12", or "1000+". */
export const SEARCH_TOTAL_HEADER = 'x-total-count'

export const formatSearchTotalHeader = ({ total, totalIsAtLeast }: SearchResult) =>
  `${total}${totalIsAtLeast ? '+' : ''}`

/** The total of a search from its header; a missing or unreadable one means "what was sent". */
export function readSearchTotalHeader(value: string | null, posts: PostSummary[]): SearchResult {
  const match = /^(\d+)(\+?)$/.exec(value ?? '')
  if (!match) return { posts, total: posts.length, totalIsAtLeast: false }
  return { posts, total: Math.max(Number(match[1]), posts.length), totalIsAtLeast: match[2] === '+' }
}

/**
 * The one reading of a search query, for the pages, the API and the search box: control characters
 * (a NUL breaks the full-text query) separate words like a space; whitespace-only means "no filter".
 */
export function normalizeSearchQuery(raw: string | null | undefined): string {
  return (raw ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, SEARCH_QUERY_MAX_LENGTH)
}

/** `?page=` from a URL: anything that is not a positive integer means page 1; huge numbers stop at the last possible page. */
export function parsePageParam(raw: string | null): number {
  const page = Number(raw)
  return Number.isInteger(page) && page >= 1 ? Math.min(page, BLOG_MAX_PAGE) : 1
}

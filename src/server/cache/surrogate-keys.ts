/**
 * Names for what a public page shows, so a change drops exactly the pages that show it: in this process's
 * page cache and in a caching proxy in front (the `Surrogate-Key` and `Cache-Tag` headers, purged by key).
 * A page carries the keys of the data it read (render/server-data.ts) and every page carries `site`; a
 * writer names the keys its change affects (content-version.ts).
 *
 * Keys are lower-case letters, digits and hyphens, so they are safe in a header, a ban expression and a
 * CDN's tag list alike.
 */
export const SURROGATE_KEYS = {
  /** The site's details, shown on every page: a change to them is a change to every page. */
  site: 'site',
  /** Which posts a list shows and in what order (the blog's pages, tags, authors, featured, related posts). */
  posts: 'posts',
  /** Search results: any change to a post's text may change what matches. */
  search: 'search',
  jobs: 'jobs',
  /** Which events are promoted on the home page. */
  events: 'events',
  /** Feeds and the sitemap, which follow every public change. */
  feeds: 'feeds',
  post: (id: number) => `post-${id}`,
  tag: (id: number) => `tag-${id}`,
  author: (id: number) => `author-${id}`,
  job: (id: number) => `job-${id}`,
  event: (id: number) => `event-${id}`,
  /**
   * An upload, from one of its file names (every size starts with the upload's content hash): a caching
   * proxy keeps media a year, so a deletion must reach it.
   */
  media: (fileName: string) => `media-${fileName.slice(0, 24)}`,
} as const

/**
 * Said beside a key when what it names stopped being public (deleted, unpublished, closed): a page showing
 * it is then never served stale while the database is out of reach (a takedown holds through an outage).
 */
export const removed = (key: string) => `removed-${key}`
/** The keys `removed` names among `keys`. */
export const removedAmong = (keys: Iterable<string>) =>
  [...keys].filter((key) => key.startsWith('removed-')).map((key) => key.slice('removed-'.length))

/** A change to everything (seeded or removed content): every page goes. */
export const EVERY_KEY = '*'

export const SURROGATE_KEY_PATTERN = /^[a-z0-9-]+$/

/** The keys a proxy purge or a kept page carries, in one order, each once. */
export function keyList(keys: Iterable<string>): string[] {
  return [...new Set(keys)].sort()
}

/** What a post summary on a list shows: the post and its author's byline. */
export function postSummaryKeys(post: { id: number; author: { id: number } | null }): string[] {
  return post.author
    ? [SURROGATE_KEYS.post(post.id), SURROGATE_KEYS.author(post.author.id)]
    : [SURROGATE_KEYS.post(post.id)]
}

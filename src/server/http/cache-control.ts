/** For files whose URL changes when their bytes do (hashed assets, uploads): cached for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * For files whose URL stays when their bytes change (public/ as it is, named from outside the site): a day,
 * and a week more while revalidating in the background.
 */
export const PUBLIC_FILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800'

/** How long a page may be served from memory while the database cannot be reached (STALE_PAGE_HOURS). */
export const STALE_PAGE_HOURS_DEFAULT = 24
/** The longest a caching proxy keeps a public page or feed without asking again; a purge ends it sooner. */
export const SHARED_CACHE_MAX_SECONDS = 3600
/** How long a proxy may answer with a page just out of date while it fetches it again behind the visitor. */
export const STALE_WHILE_REVALIDATE_SECONDS = 30
/** What a page served stale from memory (the database out of reach) says: a proxy keeps it only briefly. */
export const STALE_ANSWER_CACHE = 'public, max-age=0, s-maxage=5'
const DAY_MS = 86_400_000

/**
 * `Cache-Control` for public pages and feeds: browsers revalidate (`max-age`, 0 for pages), shared caches
 * keep them until the next change that needs no write (a scheduled post, the next UTC day: the NEW badge
 * and the footer year follow it) and at most SHARED_CACHE_MAX_SECONDS, serve them stale briefly while
 * revalidating and for `staleIfErrorSeconds` while the site answers errors (RFC 5861). Made once a second.
 */
export function createSharedCacheControl(clock: () => number, nextDue: () => number, staleIfErrorSeconds: number) {
  const made = new Map<number, { second: number; value: string }>()
  return (browserMaxAge = 0): string => {
    const now = clock()
    const second = Math.floor(now / 1000)
    const kept = made.get(browserMaxAge)
    if (kept?.second === second) return kept.value
    const until = Math.min(now - (now % DAY_MS) + DAY_MS, nextDue())
    const shared = Math.max(0, Math.min(SHARED_CACHE_MAX_SECONDS, Math.floor((until - now) / 1000)))
    const value = `public, max-age=${browserMaxAge}, s-maxage=${shared}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}, stale-if-error=${staleIfErrorSeconds}`
    made.set(browserMaxAge, { second, value })
    return value
  }
}

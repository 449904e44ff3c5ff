/** For files whose URL changes when their bytes do (hashed assets, uploads): cached for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * For files whose URL stays when their bytes change (public/ as it is, named from outside the site): a day,
 * and a week more while revalidating in the background.
 */
export const PUBLIC_FILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800'

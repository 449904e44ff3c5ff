/** For files whose URL changes when their bytes do (hashed assets, uploads): cached for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

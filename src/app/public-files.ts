import { site } from '../content/site'

/** The site's one font: every page preloads it and the stylesheet names it. */
export const FONT_URL = '/fonts/outfit-latin-wght.woff2'
/** The hero video's poster: the home page's largest picture until the video plays, and instead of it. */
export const HERO_POSTER_URL = '/video/hero-poster.webp'

/**
 * Public files the pages name, which the build also copies under a name carrying their content hash
 * (scripts/build.ts), as it does every public file the stylesheet names: a year in a browser's cache
 * (`immutable`), where their own URL, still answered for what links to it from outside (stored posts,
 * share previews, structured data), is cached a day.
 */
export const HASHED_PUBLIC_FILES: readonly string[] = [FONT_URL, site.logo.src, HERO_POSTER_URL]

/** A public file's URL as the build named it, or its own where the build did not copy it. */
export const publicFileUrl = (files: Readonly<Record<string, string>> | undefined, path: string) =>
  files?.[path] ?? path

import { type MediaImageInfo, mediaHashesIn, mediaHashOf } from '../../../shared/media'
import { isContentEmpty, POST_MESSAGES } from '../../../shared/post-rules'
import { inlineImageCollector, mediaImageTransform, withGallerySizes } from './post-images'

/**
 * sanitize-html (with postcss) keeps about 14 MB resident once loaded, and only writes need it, so it
 * is loaded on the first write instead of at start.
 */
const sanitizer = () => import('./sanitize-post-html')

/** What posts need of uploads; the media feature provides it (app.ts hands it over). */
export interface PostMediaStore {
  store(bytes: Uint8Array, details: { alt: string }): Promise<{ ok: true; url: string } | { ok: false; error: string }>
  describe(hashes: string[]): Promise<Map<string, MediaImageInfo>>
}

export type StoredContent =
  | {
      ok: true
      content: string
      searchText: string
      featuredImageInfo: MediaImageInfo | null
      /** Undefined when the input had no share image to describe (a save that keeps the post's). */
      shareImageInfo?: MediaImageInfo | null
    }
  | { ok: false; error: string }

interface ContentInput {
  title: string
  excerpt: string
  content: string
  featuredImage?: string | null
  shareImage?: string
}

/**
 * What every write of a post stores: sanitized HTML in which pasted data: images have become uploads
 * and uploads carry their responsive sources, the lower-cased text search runs over, and what pages
 * need of an uploaded featured image.
 */
export async function storedPostContent(input: ContentInput, media: PostMediaStore): Promise<StoredContent> {
  const { sanitizePostHtml } = await sanitizer()
  const inline = inlineImageCollector()
  let content = sanitizePostHtml(input.content, inline.transform)
  // Emptiness is judged on what would be stored: `<script>x</script>` is as empty as a blank editor.
  if (isContentEmpty(content)) return { ok: false, error: POST_MESSAGES.contentRequired }
  for (const image of inline.images) {
    const stored = await media.store(image.bytes, { alt: image.alt })
    if (!stored.ok) return { ok: false, error: `An image in the post could not be stored: ${stored.error}` }
    // Only the src attribute the sanitizer wrote holds the placeholder.
    content = content.replaceAll(`src="${image.placeholder}"`, `src="${stored.url}"`)
  }
  const featuredHash = input.featuredImage ? mediaHashOf(input.featuredImage) : null
  const shareHash = input.shareImage ? mediaHashOf(input.shareImage) : null
  const own = [featuredHash, shareHash].filter((hash) => hash !== null)
  const images = await media.describe([...mediaHashesIn(content), ...own])
  content = withGallerySizes(
    withoutTrailingBlankLines(sanitizePostHtml(content, mediaImageTransform(images, !input.featuredImage))),
  )
  return {
    ok: true,
    content,
    searchText: await searchTextOf(input, content),
    featuredImageInfo: featuredHash ? (images.get(featuredHash) ?? null) : null,
    ...(input.shareImage === undefined ? {} : { shareImageInfo: shareHash ? (images.get(shareHash) ?? null) : null }),
  }
}

/**
 * The editor ends a document with a blank line after a picture or a player, and drops it when the post
 * is loaded again: blank lines at the end are not content, and keeping none makes saves repeatable.
 */
const withoutTrailingBlankLines = (html: string) => html.replace(/(?:<p>(?:<br \/>)?<\/p>\s*)+$/, '')

/** Bundled posts (the seed, the bench): sanitized as every post is; their images are files of the site. */
export async function bundledPostContent(input: ContentInput) {
  const content = (await sanitizer()).sanitizePostHtml(input.content)
  return { content, searchText: await searchTextOf(input, content) }
}

async function searchTextOf(input: ContentInput, content: string) {
  return [input.title, input.excerpt, (await sanitizer()).htmlToText(content)].join('\n').toLowerCase()
}

/** The words of some HTML (an excerpt pasted from the editor), tags dropped and entities decoded. */
export async function plainText(html: string): Promise<string> {
  return (await sanitizer()).htmlToText(html)
}

import { FALLBACK_POST_DESCRIPTION } from './blog'
import type { PostSearchSettings } from './post-search-settings'

/** Search engines show about this many characters of a description. */
export const DESCRIPTION_LENGTH = 160

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/**
 * The text of a post's stored HTML, which the sanitizer has already made safe and plain: tags become
 * spaces, the few entities it writes are decoded.
 */
export function postText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * What a post's share preview and search result say about it: its excerpt, else the start of its text
 * (cut at a word, within DESCRIPTION_LENGTH), else `fallback`.
 */
export function postDescription(post: { excerpt: string | null; content: string }, fallback: string): string {
  if (post.excerpt?.trim()) return post.excerpt
  const words = postText(post.content)
  if (!words) return fallback
  if (words.length <= DESCRIPTION_LENGTH) return words
  const cut = words.slice(0, DESCRIPTION_LENGTH - 1)
  const atWord = cut.slice(0, cut.lastIndexOf(' ')) || cut
  return `${atWord.replace(/[\s,;:.!?-]+$/, '')}…`
}

interface HeadPost extends Partial<PostSearchSettings> {
  title: string
  excerpt: string | null
  content: string
}

/** The title, description and share card text a post's page carries in its head, defaults filled in. */
export function postHeadText(post: HeadPost) {
  const title = post.metaTitle?.trim() || `${post.title} | Blog`
  const description = post.metaDescription?.trim() || postDescription(post, FALLBACK_POST_DESCRIPTION)
  return {
    title,
    description,
    shareTitle: post.shareTitle?.trim() || title,
    shareDescription: post.shareDescription?.trim() || description,
  }
}

/** The address search engines should credit: the canonical URL when set, else the post's own. */
export const canonicalOf = (post: Partial<PostSearchSettings>, ownUrl: string) => post.canonicalUrl?.trim() || ownUrl

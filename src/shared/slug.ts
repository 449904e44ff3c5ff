import transliterate from '@sindresorhus/transliterate'
import { POST_LIMITS } from './post-rules'

/**
 * The spec's slug rule, shared by the admin form, the previewer, tag creation and the API: lower-case,
 * keep letters, digits, spaces and hyphens, spaces become hyphens (runs collapse, ends are trimmed).
 * Accented and other Latin-script letters are transliterated first ("Café" → cafe, "Straße" →
 * strasse) instead of dropped, apostrophes vanish ("Don't" → dont) and other punctuation inside a
 * phrase separates its words ("Patch 4.2" → patch-4-2). Scripts without a Latin spelling leave nothing.
 */
export function slugify(text: string): string {
  // NFKC first: ligatures and full-width letters (ﬁ, Ａ) become the letters they stand for.
  return transliterate(text.normalize('NFKC'))
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9\s-]/g, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .slice(0, POST_LIMITS.slug)
    .replace(/^-+|-+$/g, '')
}

/**
 * The slug a title or a tag name gives when no slug is typed: empty when the name is written in letters with no
 * Latin spelling (Hebrew, Japanese), whatever digits it holds, so "גרסה 2.0" does not become "2-0"; the server then
 * gives the documented `post-{id}` or `tag-{id}`. A name of digits alone keeps them ("2025").
 */
export function slugFromName(name: string): string {
  const slug = slugify(name)
  return /\p{L}/u.test(name) && !/[a-z]/.test(slug) ? '' : slug
}

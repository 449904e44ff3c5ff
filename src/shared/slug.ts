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

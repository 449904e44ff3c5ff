import { POST_LIMITS } from './post-rules'
import { transliterate } from './transliterate'

/**
 * The spec's slug rule, for a slug typed or derived from a name (see slugFromName): lower-case,
 * keep letters, digits, spaces and hyphens, spaces become hyphens (runs collapse, ends are trimmed).
 * Accented and other Latin-script letters are transliterated first ("Café" → cafe, "Straße" →
 * strasse) instead of dropped, apostrophes vanish ("Don't" → dont) and other punctuation inside a
 * phrase separates its words ("Patch 4.2" → patch-4-2). Letters without a Latin spelling are dropped.
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

/** Whether any letter of the name has a Latin spelling: a–z itself, an accented or full-width one, or a script
 * that transliterates (Cyrillic, Greek, Arabic). Symbols that only look like letters (™, №) do not count. */
const hasLatinSpelling = (name: string) =>
  [...name].some((char) => /\p{L}/u.test(char) && /[a-z]/i.test(transliterate(char.normalize('NFKC'))))

/**
 * The slug a title or a tag name gives when no slug is typed: empty when no letter of it has a Latin spelling
 * (Hebrew, Japanese, emoji, digits alone), whatever digits it holds, so "גרסה 2.0" does not become "2-0"; the
 * server then gives the readable fallback below.
 */
export function slugFromName(name: string): string {
  return hasLatinSpelling(name) ? slugify(name) : ''
}

/** The address of a post or tag whose name gives no slug: `{kind}-{id}`, or `{kind}-{id}-2` and on while taken. */
export async function fallbackSlug(
  kind: 'post' | 'tag',
  id: number,
  taken: (slug: string) => Promise<boolean>,
): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? `${kind}-${id}` : `${kind}-${id}-${n}`
    if (!(await taken(slug))) return slug
  }
}

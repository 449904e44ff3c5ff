import { inArray, sql } from 'drizzle-orm'
import pluralize from 'pluralize'
import type { Database } from '../../db/client'
import type { WordGroups } from './search-query'

/** Words shorter than this are left as typed: "bus", "gas" and "is" are not plurals of anything useful. */
const MIN_INFLECTED_LENGTH = 4
/** Forms shorter than this would match too much as substrings. */
const MIN_FORM_LENGTH = 3

/** Stems an "-es" or "-ies" plural keeps bare only after these ("boxes" → "box", "plushies" → "plush"). */
const SIBILANT = /(?:s|x|z|ch|sh)$/
/** A stem of "-ing" or "-ed" shorter than this is not worth a guess ("thing", "seed", "red"). */
const MIN_VERB_STEM = 4

/**
 * The base forms an inflected English word may stand for: a plural's singular (pluralize, which knows the
 * irregular ones and those with no plural, so "news" stays news), the stem of a plural of a pet form
 * ("plushies" → "plush", "hoodies" → "hoodie"), and the stem of "-ing" and "-ed" ("glowing" → "glow").
 * Candidates only: `withWordForms` keeps those the posts use.
 */
export function wordForms(word: string): string[] {
  if (!/^\p{Ll}+$/u.test(word) || [...word].length < MIN_INFLECTED_LENGTH) return []
  const forms = new Set<string>()
  if (pluralize.isPlural(word) && !pluralize.isSingular(word)) {
    forms.add(pluralize.singular(word))
    if (word.endsWith('s') && !word.endsWith('ss')) forms.add(word.slice(0, -1))
    for (const suffix of ['ies', 'es']) {
      const stem = word.slice(0, -suffix.length)
      if (word.endsWith(suffix) && SIBILANT.test(stem)) forms.add(stem)
    }
  }
  for (const suffix of ['ing', 'ed']) {
    const stem = word.slice(0, -suffix.length)
    if (!word.endsWith(suffix) || [...stem].length < MIN_VERB_STEM) continue
    forms.add(stem).add(`${stem}e`)
    // A doubled last consonant: "running" → "run", "planned" → "plan".
    if (/([^aeiou])\1$/.test(stem)) forms.add(stem.slice(0, -1))
  }
  forms.delete(word)
  return [...forms].filter((form) => [...form].length >= MIN_FORM_LENGTH)
}

/**
 * Each query word with the base forms of it that the posts' words include (the word index's vocabulary),
 * so "plushies" also finds the plush post; a form no post uses would only slow the search down.
 */
export async function withWordForms(db: Database, words: string[]): Promise<WordGroups> {
  const candidates = words.map(wordForms)
  const all = [...new Set(candidates.flat())]
  if (all.length === 0) return words.map((word) => [word])
  const known = new Set(
    (await db.all<{ term: string }>(sql`SELECT term FROM posts_words_vocab WHERE ${inArray(sql`term`, all)}`)).map(
      (row) => row.term,
    ),
  )
  return words.map((word, index) => [word, ...candidates[index]!.filter((form) => known.has(form))])
}

import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { WordGroups } from './search-query'

/** Shorter words are left alone: one edit away from a four-letter word is too many other words. */
export const MIN_CORRECTED_LENGTH = 5
/** Words this long may be two edits away. */
const TWO_EDITS_LENGTH = 9
/** Corrections kept per word, closest first, so a query stays small. */
const MAX_ALTERNATIVES = 8
/** Words corrected per query: each costs reads of the vocabulary, and a long query of typos is not a search. */
const MAX_CORRECTED_WORDS = 3

/**
 * Edits between two words (optimal string alignment: insert, delete, substitute, swap two neighbours),
 * or more than `max` as soon as that is certain.
 */
export function editDistance(left: string, right: string, max: number): number {
  const a = [...left]
  const b = [...right]
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current.push(value)
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/**
 * A word as the word index keeps its words (`unicode61 remove_diacritics 2`): Latin letters without their
 * accents, so "crèmme" is one letter from the index's "creme" rather than two.
 */
const asIndexed = (word: string) =>
  word
    .normalize('NFD')
    .replace(/(?<=[a-z])[\u0300-\u036f]+/g, '')
    .normalize('NFC')

/** The letters of a word worth correcting (punctuation around it dropped), or null. */
function correctable(word: string): string | null {
  const core = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  return /^\p{L}+$/u.test(core) && [...core].length >= MIN_CORRECTED_LENGTH ? core : null
}

type Vocabulary = (first: string) => Promise<string[]>

/** The word index's words by first letter: ranges of the vocabulary (read without a scan), each read once. */
function vocabulary(db: Database): Vocabulary {
  const ranges = new Map<string, Promise<string[]>>()
  return (first) => {
    let range = ranges.get(first)
    if (!range) {
      const next = String.fromCodePoint(first.codePointAt(0)! + 1)
      range = db
        .all<{ term: string }>(sql`SELECT term FROM posts_words_vocab WHERE term >= ${first} AND term < ${next}`)
        .then((rows) => rows.map((row) => row.term))
      ranges.set(first, range)
    }
    return range
  }
}

/**
 * Words of the posts close to `word`, closest first. Only words sharing its first or second letter are
 * compared: the vocabulary is read by range, and a typo in the first letter is the rare one (a swap of
 * the first two letters is still found).
 */
async function nearWords(words: Vocabulary, word: string): Promise<string[]> {
  const max = [...word].length >= TWO_EDITS_LENGTH ? 2 : 1
  const [first, second] = [...word]
  const candidates = new Set(await words(first!))
  if (second && second !== first) for (const term of await words(second)) candidates.add(term)
  return [...candidates]
    .map((term) => ({ term, distance: editDistance(word, term, max) }))
    .filter(({ term, distance }) => distance > 0 && distance <= max && term !== word)
    .sort((a, b) => a.distance - b.distance || a.term.localeCompare(b.term))
    .slice(0, MAX_ALTERNATIVES)
    .map(({ term }) => term)
}

/**
 * The query with each longer word given the posts' words one typo away as alternatives ("trophys" →
 * "trophys" or "trophy"); null when no word has any, so there is nothing new to search for.
 */
export async function withCorrections(db: Database, words: string[]): Promise<WordGroups | null> {
  const known = vocabulary(db)
  let corrected = false
  let tried = 0
  const groups: WordGroups = []
  for (const word of words) {
    const core = correctable(asIndexed(word))
    const near = core && tried++ < MAX_CORRECTED_WORDS ? await nearWords(known, core) : []
    if (near.length > 0) corrected = true
    groups.push([word, ...near])
  }
  return corrected ? groups : null
}

import { and, type SQL, sql } from 'drizzle-orm'
import { posts } from '../../db/schema'

/**
 * How a search query is read (decision record 0020). The query is cut into words at
 * whitespace; a post matches when every word is a substring of its stored text (title, excerpt and the
 * text of the content, lower-cased). The whole query as one substring, the spec's rule, is always among
 * them: each word is a piece of it. A word may have alternatives (its corrections when nothing matched);
 * the post then needs one of them.
 */
export type WordGroups = string[][]

/** The trigram index answers substrings of three characters or more; shorter ones are scanned. */
export const INDEXED_LENGTH = 3

/** bm25 weights of the word index's columns: the title counts most, then the excerpt, then the whole text. */
export const RANK_WEIGHTS = { title: 10, excerpt: 4, text: 1 } as const

/**
 * Words past these are left out: each costs a pass over the indexes, and a query of many one-letter words
 * would otherwise hold the process for seconds. Fewer words only widen the matches, so everything that
 * contains the whole query is still found (and shown first, see `containsWholeQuery`).
 */
export const MAX_SEARCH_WORDS = 8

export function searchWords(needle: string): string[] {
  return [...new Set(needle.split(/\s+/u).filter(Boolean))].slice(0, MAX_SEARCH_WORDS)
}

const length = (text: string) => [...text].length
/**
 * Characters the trigram index sees: it drops the accents (combining marks) the text or query may carry
 * apart from their letters ("i̇z", the lower case of the Turkish "İz", is two). Shorter than INDEXED_LENGTH,
 * a word is a phrase the index has no trigram for, so it is scanned instead.
 */
const indexedLength = (text: string) => length(text.replace(/[\u0300-\u036f]/g, ''))
/** An FTS5 string: in double quotes, quotes doubled; the tokenizer makes what is inside a phrase. */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`

/** Whether any word can go through the trigram index (otherwise every post's text is scanned). */
export const usesIndex = (groups: WordGroups) =>
  groups.some((group) => group.every((w) => indexedLength(w) >= INDEXED_LENGTH))

/**
 * How a value enters a search statement: as itself, or (`placeholders`) as a named placeholder, the value
 * kept under that name, so a statement of one shape is built and prepared once (service.ts). The names say
 * where each value goes, so together they name the statement's shape.
 */
export type Bind = (name: string, value: string) => unknown
export const byValue: Bind = (_, value) => value
export function placeholders() {
  const values: Record<string, string> = {}
  const bind: Bind = (name, value) => {
    values[name] = value
    return sql.placeholder(name)
  }
  return { bind, values, shape: () => Object.keys(values).join(' ') }
}

/** Every word group, as substrings: one full-text query for the indexed ones, `instr` for the rest. */
export function matchesEveryWord(groups: WordGroups, bind: Bind = byValue): SQL | undefined {
  const indexed = groups.filter((group) => group.every((w) => indexedLength(w) >= INDEXED_LENGTH))
  const scanned = groups.filter((group) => !indexed.includes(group))
  const fullText = indexed.map((group) => `(${group.map(quoted).join(' OR ')})`).join(' AND ')
  return and(
    fullText
      ? sql`${posts.id} IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${bind('fullText', fullText)})`
      : undefined,
    ...scanned.map(
      (group, g) =>
        sql`(${sql.join(
          group.map((w, i) => sql`instr(${posts.searchText}, ${bind(`scan${g}.${i}`, w)}) > 0`),
          sql` OR `,
        )})`,
    ),
  )
}

/** Something the word index can make a token of; a word of punctuation only would be an empty phrase. */
const hasToken = (word: string) => /[\p{L}\p{N}]/u.test(word)

/**
 * The word-index query that scores posts: every group, each word as a token prefix (`plu` scores the plush
 * post while it is typed). Words shorter than INDEXED_LENGTH are left out: as a prefix, one letter is a
 * large part of the vocabulary, and it says little about relevance. Null when no word is left: the matches
 * are then newest first.
 */
export function rankQuery(groups: WordGroups): string | null {
  const ranked = groups
    .map((group) => group.filter((word) => hasToken(word) && length(word) >= INDEXED_LENGTH))
    .filter((group) => group.length > 0)
  if (ranked.length === 0) return null
  return ranked.map((group) => `(${group.map((w) => `${quoted(w)}*`).join(' OR ')})`).join(' AND ')
}

/**
 * bm25 of every post the rank query finds, as a table `ranked(id, score)`; lower scores are better.
 * `LIMIT -1` (no limit) keeps SQLite from flattening the subquery into the join, so the match runs once
 * into a temporary table; flattened, it ran again for every candidate post (seconds at 10,000 posts).
 */
export const rankedPosts = (query: string, bind: Bind = byValue) =>
  sql`(SELECT rowid AS id, bm25(posts_words, ${sql.raw(String(RANK_WEIGHTS.title))}, ${sql.raw(String(RANK_WEIGHTS.excerpt))}, ${sql.raw(String(RANK_WEIGHTS.text))}) AS score FROM posts_words WHERE posts_words MATCH ${bind('rank', query)} LIMIT -1) AS ranked`

/**
 * Whether the posts holding the query as typed are sorted first: always with several words; with one, only
 * when it has alternatives (base forms, corrections), as otherwise every match holds it.
 */
export const sortsWholeFirst = (groups: WordGroups) => groups.length > 1 || groups.some((group) => group.length > 1)

/**
 * Whether a post contains the whole query as it was typed (the spec's substring rule): such posts come
 * first, so ranking by words never pushes them out of the few shown.
 */
export function containsWholeQuery(needle: string, bind: Bind = byValue): SQL {
  return indexedLength(needle) >= INDEXED_LENGTH
    ? sql`${posts.id} IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${bind('wholeIndexed', quoted(needle))})`
    : sql`instr(${posts.searchText}, ${bind('wholeScanned', needle)}) > 0`
}

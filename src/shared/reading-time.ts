import { postText } from './post-description'

/** Words an adult reads in a minute on a screen (Brysbaert, 2019: 238 for non-fiction in English). */
export const WORDS_PER_MINUTE = 238

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}'
const LETTER = `(?![${CJK}])[\\p{L}\\p{M}\\p{N}]`
/**
 * A word is a run of letters, marks or digits, joined across an apostrophe or a point between them ("don't",
 * "4.2"); in Chinese and Japanese, written without spaces, each character counts as one.
 */
const WORD = new RegExp(`[${CJK}]|${LETTER}+(?:['’.,]${LETTER}+)*`, 'gu')

/** The words of a post's HTML and the minutes they take to read (at least one, for any text at all). */
export function readingTime(html: string): { words: number; minutes: number } {
  const words = postText(html).match(WORD)?.length ?? 0
  return { words, minutes: words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE)) }
}

/** "4 min read", as the public post says it. */
export const minutesToRead = (minutes: number) => `${minutes} min read`

/** "512 words · 2 min read", as the editor says it while writing. */
export function wordsAndMinutes({ words, minutes }: { words: number; minutes: number }): string {
  return `${words.toLocaleString('en-US')} ${words === 1 ? 'word' : 'words'} · ${minutesToRead(minutes)}`
}

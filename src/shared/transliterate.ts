import type transliterateText from '@sindresorhus/transliterate'

let loaded: typeof transliterateText | undefined

/**
 * @sindresorhus/transliterate, evaluated with its first use rather than when a module importing it loads:
 * it builds its table of replacements then, 20 ms of every server start (decision 0042). The
 * bundlers keep a `require` of a bundled module lazy.
 */
export function transliterate(text: string): string {
  loaded ??= (require('@sindresorhus/transliterate') as { default: typeof transliterateText }).default
  return loaded(text)
}

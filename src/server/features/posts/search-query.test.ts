import { expect, test } from 'bun:test'
import { MAX_SEARCH_WORDS, rankQuery, searchWords } from './search-query'

test('a query of many words keeps its first few, each once', () => {
  const words = searchWords('a b c d e f g h i j k a b')
  expect(words).toHaveLength(MAX_SEARCH_WORDS)
  expect(words).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
})

test('the rank query leaves out words too short to say much (one letter is a prefix of half the vocabulary)', () => {
  expect(rankQuery([['don'], ['e'], ['a'], ['golf', 'gulf']])).toBe('("don"*) AND ("golf"* OR "gulf"*)')
  expect(rankQuery([['e'], ['an']])).toBeNull()
  expect(rankQuery([['"!?'], ['plush']])).toBe('("plush"*)')
})

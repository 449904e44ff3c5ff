import { expect, test } from 'bun:test'
import { editDistance } from './typo-correction'

test('edits between two words: insert, delete, substitute and a swap of neighbours each count one', () => {
  expect(editDistance('trophy', 'trophy', 2)).toBe(0)
  expect(editDistance('trophys', 'trophy', 2)).toBe(1)
  expect(editDistance('tophy', 'trophy', 2)).toBe(1)
  expect(editDistance('trophu', 'trophy', 2)).toBe(1)
  expect(editDistance('trohpy', 'trophy', 2)).toBe(1)
  expect(editDistance('trophies', 'trophys', 2)).toBe(2)
  expect(editDistance('émeraude', 'emeraude', 2)).toBe(1)
})

test('more than the allowed edits is reported as one past it, however far the words are', () => {
  expect(editDistance('plaza', 'trophy', 1)).toBe(2)
  expect(editDistance('a', 'abcdefgh', 2)).toBe(3)
})

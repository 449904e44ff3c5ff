import { expect, test } from 'bun:test'
import { readingTime, wordsAndMinutes } from './reading-time'

test('words are counted in the text of the HTML, tags and entities aside', () => {
  expect(readingTime('<h2>Patch 4.2</h2><p>Café&nbsp;opens at <strong>eight</strong>.</p>')).toEqual({
    words: 6,
    minutes: 1,
  })
  expect(readingTime('<p></p><p><br></p>')).toEqual({ words: 0, minutes: 0 })
})

test('238 words take a minute; a long post rounds to the nearest minute', () => {
  const words = (n: number) => `<p>${Array.from({ length: n }, () => 'word').join(' ')}</p>`
  expect(readingTime(words(238)).minutes).toBe(1)
  expect(readingTime(words(1_000)).minutes).toBe(4)
  expect(readingTime(words(5)).minutes).toBe(1)
})

test('Hebrew counts by words, Japanese by characters', () => {
  expect(readingTime('<p>שלום לכולם, הגרסה החדשה כאן</p>').words).toBe(5)
  expect(readingTime('<p>夏祭りのお知らせ</p>').words).toBe(8)
})

test('the editor says words and minutes', () => {
  expect(wordsAndMinutes({ words: 1_512, minutes: 6 })).toBe('1,512 words · 6 min read')
  expect(wordsAndMinutes({ words: 1, minutes: 1 })).toBe('1 word · 1 min read')
})

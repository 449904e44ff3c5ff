import { describe, expect, test } from 'bun:test'
import { wordForms } from './word-forms'

describe('the base forms a search word may stand for', () => {
  test('plurals, plurals of pet forms, and -ing and -ed', () => {
    expect(wordForms('plushies')).toEqual(expect.arrayContaining(['plush', 'plushie', 'plushy']))
    expect(wordForms('hoodies')).toContain('hoodie')
    expect(wordForms('trophies')).toContain('trophy')
    expect(wordForms('boxes')).toContain('box')
    expect(wordForms('children')).toEqual(['child'])
    expect(wordForms('glowing')).toContain('glow')
    expect(wordForms('running')).toContain('run')
    expect(wordForms('designed')).toContain('design')
  })

  test('no common short word is guessed from an ending ("thing" is not "the", "canes" not "can")', () => {
    for (const [word, wrong] of [
      ['thing', 'the'],
      ['seed', 'see'],
      ['canes', 'can'],
      ['notes', 'not'],
      ['cookies', 'cook'],
      ['hoodies', 'hood'],
    ] as const)
      expect(wordForms(word)).not.toContain(wrong)
  })

  test('words without a plural, singular words, short words and non-words are left as typed', () => {
    for (const word of ['news', 'series', 'status', 'plush', 'bus', 'gas', 'is', 'c++', 'Plushies', '2024'])
      expect(wordForms(word)).toEqual([])
  })
})

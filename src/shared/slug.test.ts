import { expect, test } from 'bun:test'
import { slugFromName, slugify } from './slug'

test.each([
  ['Golf Cart Gamepass', 'golf-cart-gamepass'],
  ['Café Plaza', 'cafe-plaza'],
  ['Pokémon', 'pokemon'],
  ['Straße', 'strasse'],
  ['Patch 4.2', 'patch-4-2'],
  ["Don't Miss It!", 'dont-miss-it'],
  ['  Crème brûlée – Part 2  ', 'creme-brulee-part-2'],
  ['already-a-slug', 'already-a-slug'],
  ['ポケモン', ''],
  ['🎉🎉', ''],
  ['ﬁnance Ｒｅｐｏｒｔ', 'finance-report'],
])('%p becomes %p', (title, slug) => {
  expect(slugify(title)).toBe(slug)
})

test('a slug never outgrows the field it is stored in, and never ends on a hyphen', () => {
  const long = slugify('ß'.repeat(150))
  expect(long.length).toBeLessThanOrEqual(200)
  expect(slugify(`${'a'.repeat(199)} b`)).toBe('a'.repeat(199))
})

test('a name with no letter of Latin spelling gives no slug, whatever digits or symbols it holds', () => {
  expect(slugFromName('גרסה 2.0')).toBe('')
  expect(slugFromName('イベント情報 2026')).toBe('')
  expect(slugFromName('גרסה 2.0 ™')).toBe('')
  expect(slugFromName('イベント情報 №5')).toBe('')
  expect(slugFromName('🎉 2.0')).toBe('')
  expect(slugFromName('2031')).toBe('')
  expect(slugFromName('Patch 4.2 גרסה')).toBe('patch-4-2')
  expect(slugFromName('Café Plaza')).toBe('cafe-plaza')
  expect(slugFromName('Ｆｕｌｌ width')).toBe('full-width')
})

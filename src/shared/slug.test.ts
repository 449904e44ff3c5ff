import { expect, test } from 'bun:test'
import { slugify } from './slug'

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
])('%p becomes %p', (title, slug) => {
  expect(slugify(title)).toBe(slug)
})

import { expect, test } from 'bun:test'
import { ARTICLE_BACKGROUND, ARTICLE_TEXT, HIGHLIGHT_COLOURS, rgbOf, TEXT_COLOURS } from './post-colours'

/** WCAG 2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

test('every text colour, and the article’s own, holds 4.5:1 on the page and on every highlight', () => {
  const texts = [ARTICLE_TEXT, ...TEXT_COLOURS.map((colour) => colour.value)]
  const grounds = [ARTICLE_BACKGROUND, ...HIGHLIGHT_COLOURS.map((colour) => colour.value)]
  const weak = texts.flatMap((text) =>
    grounds.flatMap((ground) => {
      const ratio = contrast(text, ground)
      return ratio < 4.5 ? [`${text} on ${ground}: ${ratio.toFixed(2)}`] : []
    }),
  )
  expect(weak).toEqual([])
})

test('each colour has a name and one value, written as Quill writes it', () => {
  for (const palette of [TEXT_COLOURS, HIGHLIGHT_COLOURS]) {
    expect(new Set(palette.map((colour) => colour.name)).size).toBe(palette.length)
    for (const { value } of palette) expect(value).toMatch(/^#[0-9a-f]{6}$/)
  }
  expect(rgbOf('#ffb547')).toBe('rgb(255, 181, 71)')
})

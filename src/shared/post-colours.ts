/**
 * The colours a post's text and highlights may have: chosen for the article's dark page, every text colour
 * holds 4.5:1 (WCAG AA) against the page and against every highlight, so no colour a writer picks or
 * pastes can publish text a reader cannot see. The editor offers only these, and the server drops any
 * other colour from the HTML of every post it saves (post-colours.test.ts checks every pair).
 */
export interface PostColour {
  name: string
  /** Lower-case #rrggbb, as Quill writes it. */
  value: string
}

/** The article's page behind the text (base.css `--bg`) and its text colour (post.css `.post-content`). */
export const ARTICLE_BACKGROUND = '#0b0b12'
export const ARTICLE_TEXT = '#e6e6ef'

export const TEXT_COLOURS: readonly PostColour[] = [
  { name: 'White', value: '#ffffff' },
  { name: 'Grey', value: '#b4b4c7' },
  { name: 'Red', value: '#ff8a94' },
  { name: 'Orange', value: '#ffa066' },
  { name: 'Amber', value: '#ffb547' },
  { name: 'Yellow', value: '#ffe066' },
  { name: 'Green', value: '#6ee7a0' },
  { name: 'Blue', value: '#7cc4ff' },
  { name: 'Violet', value: '#b9acff' },
  { name: 'Pink', value: '#ff8cc6' },
]

export const HIGHLIGHT_COLOURS: readonly PostColour[] = [
  { name: 'Red', value: '#5a141c' },
  { name: 'Amber', value: '#4a3000' },
  { name: 'Green', value: '#0f3d26' },
  { name: 'Blue', value: '#0f2f52' },
  { name: 'Violet', value: '#2e2366' },
  { name: 'Pink', value: '#5c1238' },
]

/** `#ffb547` as browsers write it in a style: `rgb(255, 181, 71)`. */
export function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
  return `rgb(${r}, ${g}, ${b})`
}

/** Every way a palette colour reaches Quill or the server: as Quill writes it and as a browser reads it back. */
export const colourSpellings = (palette: readonly PostColour[]) => palette.flatMap(({ value }) => [value, rgbOf(value)])

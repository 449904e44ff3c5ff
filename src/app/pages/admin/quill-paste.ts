import { Delta, type Op, Parchment } from 'quill'
import { ColorAttributor } from 'quill/formats/color'
import { colourSpellings, HIGHLIGHT_COLOURS, TEXT_COLOURS } from '../../../shared/post-colours'
import { matchToggle } from './quill-toggle'

type ClipboardMatcher = (node: Node, delta: Delta) => Delta

/**
 * Text and highlight colours limited to the palette (post-colours.ts): a pasted colour or one sent by an
 * older editor is dropped as the editor reads it, as the server would drop it on save. Both spellings are
 * listed because the browser reads a style back as rgb(…) before Quill writes it as #rrggbb.
 */
export const PaletteColor = new ColorAttributor('color', 'color', {
  scope: Parchment.Scope.INLINE,
  whitelist: colourSpellings(TEXT_COLOURS),
})
export const PaletteBackground = new ColorAttributor('background', 'background-color', {
  scope: Parchment.Scope.INLINE,
  whitelist: colourSpellings(HIGHLIGHT_COLOURS),
})

/** Sets `attributes` on each line end of `delta` (where Quill keeps a line's block formats) that `applies` to. */
function onLineEnds(delta: Delta, applies: (op: Op) => boolean, attributes: (op: Op) => Record<string, unknown>) {
  return new Delta(
    delta.ops.map((op) =>
      typeof op.insert === 'string' && op.insert.endsWith('\n') && applies(op)
        ? { ...op, attributes: { ...op.attributes, ...attributes(op) } }
        : op,
    ),
  )
}

/** The post's title is its page's only H1: a pasted H1 (a document's title) becomes a section heading. */
const headingOneToTwo: ClipboardMatcher = (_node, delta) =>
  onLineEnds(
    delta,
    (op) => op.attributes?.header === 1,
    () => ({ header: 2 }),
  )

/**
 * Google Docs writes nested bullets as one flat list whose items say their depth (`aria-level`); Quill
 * reads depth only from lists inside lists, so each item is indented by its level.
 */
const listLevel: ClipboardMatcher = (node, delta) => {
  const level = Number((node as Element).getAttribute('aria-level'))
  if (!Number.isInteger(level) || level < 2) return delta
  return onLineEnds(
    delta,
    (op) => op.attributes?.list !== undefined,
    (op) => ({ indent: Math.max(Number(op.attributes?.indent ?? 0), level - 1) }),
  )
}

/** A document underlines its links by hand; the article underlines links itself, so a link's own underline goes. */
const linkWithoutUnderline: ClipboardMatcher = (_node, delta) =>
  new Delta(
    delta.ops.map((op) => {
      if (!op.attributes?.underline) return op
      const { underline: _underline, ...attributes } = op.attributes
      return { ...op, attributes }
    }),
  )

/** What the editor does to pasted or loaded HTML beyond Quill's own reading of it. */
export const PASTE_MATCHERS: [string, ClipboardMatcher][] = [
  ['h1', headingOneToTwo],
  ['li[aria-level]', listLevel],
  ['a', linkWithoutUnderline],
  ['details', matchToggle],
]

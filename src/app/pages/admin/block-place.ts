import type Quill from 'quill'

/** The blot name of a toggle's `<details>` (quill-toggle.ts), here without loading Quill (this module is in the page's chunk). */
export const TOGGLE_CONTAINER = 'toggle-container'
/** Quill 2's table: each cell is a line (`table`) in a row, in a body, in the table. */
export const TABLE_CELL = 'table'

type Line = ReturnType<Quill['getLine']>[0]

/** The toggle or table a line is in, which a block inside would break. */
export function holderOf(line: Line) {
  if (line?.parent?.statics.blotName === TOGGLE_CONTAINER) return line.parent
  if (line?.statics.blotName === TABLE_CELL) return line.parent?.parent?.parent ?? null
  return null
}

const lineAt = (quill: Quill, index: number) => quill.getLine(Math.min(index, quill.getLength() - 1))[0]

/** A place at the very end gets an empty line after it first: there is always somewhere to go on writing. */
function withLineAfter(quill: Quill, place: number): number {
  if (place >= quill.getLength()) quill.insertText(quill.getLength(), '\n', 'user')
  return place
}

/**
 * Where a block (a picture, gallery or divider) goes for a place in the text: there, unless that is in a
 * toggle or a table, which it would break; then just after the toggle or table.
 */
export function blockPlace(quill: Quill, index: number): number {
  const holder = holderOf(lineAt(quill, index))
  return withLineAfter(quill, holder ? quill.getIndex(holder) + holder.length() : index)
}

/** Where a new table goes: after the line being written (or the toggle or table it is in), never splitting it. */
export function placeAfterLine(quill: Quill, index: number): number {
  const line = lineAt(quill, index)
  const after = holderOf(line) ?? line
  return withLineAfter(quill, after ? quill.getIndex(after) + after.length() : index)
}

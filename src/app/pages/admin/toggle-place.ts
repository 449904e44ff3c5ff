import type Quill from 'quill'

/** The blot name of a toggle's `<details>` (quill-toggle.ts), here without loading Quill itself. */
export const TOGGLE_CONTAINER = 'toggle-container'

/**
 * Where a picture, gallery or divider goes for a place inside a toggle: after the toggle, which stays
 * whole (a toggle's answer is paragraphs). Any other place is kept.
 */
export function outsideToggle(quill: Quill, index: number): number {
  const [line] = quill.getLine(index)
  const toggle = line?.parent
  return toggle?.statics.blotName === TOGGLE_CONTAINER ? quill.getIndex(toggle) + toggle.length() : index
}

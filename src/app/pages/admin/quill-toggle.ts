import type Quill from 'quill'
import { Delta, type Op } from 'quill'
import Block from 'quill/blots/block'
import Container from 'quill/blots/container'

/**
 * A toggle (`<details><summary>Question</summary><p>Answer</p></details>`) as Quill lines: the question
 * is a `toggle-summary` line, each line of the answer a `toggle-body` line, and the lines of one toggle
 * sit in a `<details>` container, as list items sit in a list.
 */
export class ToggleSummary extends Block {
  static override blotName = 'toggle-summary'
  static override tagName = 'SUMMARY'

  static override formats() {
    return true
  }
}

/** The answer's lines are paragraphs, told apart from the post's own by a class the saved HTML loses. */
export class ToggleBody extends Block {
  static override blotName = 'toggle-body'
  static override tagName = 'P'
  static override className = 'toggle-body'

  static override formats() {
    return true
  }
}

export class ToggleContainer extends Container {
  static override blotName = 'toggle-container'
  static override tagName = 'DETAILS'

  /** Open in the editor, so the answer can be written; the saved HTML drops `open`. */
  static override create(value?: unknown) {
    // biome-ignore lint/complexity/noThisInStatic: Parchment's static create must run with this subclass (its tagName)
    const node = super.create(value) as HTMLElement
    node.setAttribute('open', '')
    return node
  }

  /** The next toggle joins this one only when it has no question of its own. */
  override checkMerge() {
    return super.checkMerge() && !((this.next as ToggleContainer | null)?.children.head instanceof ToggleSummary)
  }

  /** A question below the first one starts a toggle of its own. */
  // biome-ignore lint/suspicious/noExplicitAny: Parchment's own signature, which a narrower one would not match
  override optimize(context: { [key: string]: any }) {
    super.optimize(context)
    let child = this.children.head?.next ?? null
    while (child && !(child instanceof ToggleSummary)) child = child.next
    if (child?.prev) this.splitAfter(child.prev)
  }
}

ToggleContainer.allowedChildren = [ToggleSummary, ToggleBody]
ToggleSummary.requiredContainer = ToggleContainer
ToggleBody.requiredContainer = ToggleContainer

/** What Quill writes for a toggle in the editor, and what the post stores instead. */
export const storedToggleHtml = (html: string) =>
  html.replaceAll('<details open="">', '<details>').replaceAll('<p class="toggle-body">', '<p>')

/** Every line inside a saved or pasted `<details>` that is not its question is a line of its answer. */
export function matchToggle(_node: Node, delta: Delta): Delta {
  return new Delta(
    delta.ops.map((op: Op) => {
      if (typeof op.insert !== 'string' || !op.insert.endsWith('\n') || op.attributes?.['toggle-summary']) return op
      // The answer is plain paragraphs: a heading or list inside one is kept as its text.
      const align = op.attributes?.align
      return { ...op, attributes: { ...(align ? { align } : {}), 'toggle-body': true } }
    }),
  )
}

const TOGGLE_FORMATS = { 'toggle-summary': false, 'toggle-body': false }

/**
 * The toolbar's Toggle control: the first chosen line becomes the question and the rest its answer;
 * on a toggle it turns its lines back into paragraphs.
 */
export function toggleToggle(quill: Quill) {
  const range = quill.getSelection(true)
  const formats = quill.getFormat(range)
  if (formats['toggle-summary'] || formats['toggle-body']) {
    quill.formatLine(range.index, range.length, TOGGLE_FORMATS, 'user')
    return
  }
  const [first] = quill.getLine(range.index)
  const firstEnd = first ? quill.getIndex(first) + first.length() : range.index + 1
  quill.formatLine(range.index, 0, { ...TOGGLE_FORMATS, 'toggle-summary': true }, 'user')
  const rest = range.index + range.length - firstEnd
  if (rest >= 0 && range.length > 0) quill.formatLine(firstEnd, rest, { 'toggle-body': true }, 'user')
}

type Context = { format: Record<string, unknown> }

/** Enter after a question starts its answer; Enter on an empty line of an answer leaves the toggle. */
export const TOGGLE_BINDINGS = {
  'toggle question enter': {
    key: 'Enter',
    collapsed: true,
    format: ['toggle-summary'],
    handler(this: { quill: Quill }, range: { index: number }, context: Context) {
      const [line, offset] = this.quill.getLine(range.index)
      const rest = line ? line.length() - offset - 1 : 0
      const delta = new Delta()
        .retain(range.index)
        .insert('\n', context.format)
        .retain(rest)
        .retain(1, { 'toggle-summary': null, 'toggle-body': true })
      this.quill.updateContents(delta, 'user')
      this.quill.setSelection(range.index + 1, 0, 'silent')
    },
  },
  'toggle answer empty enter': {
    key: 'Enter',
    collapsed: true,
    format: ['toggle-body'],
    empty: true,
    handler(this: { quill: Quill }, range: { index: number; length: number }) {
      this.quill.formatLine(range.index, range.length, TOGGLE_FORMATS, 'user')
    },
  },
}

import type Quill from 'quill'
import { Delta, type Op } from 'quill'
import Block from 'quill/blots/block'
import Container from 'quill/blots/container'
import { TOGGLE_CONTAINER } from './block-place'

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
  static override blotName = TOGGLE_CONTAINER
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

  /**
   * A toggle always starts with its question. Lines left without one (the question deleted, or joined
   * to the line above) join the toggle just above, else turn back into paragraphs; a question below the
   * first starts a toggle of its own.
   */
  // biome-ignore lint/suspicious/noExplicitAny: Parchment's own signature, which a narrower one would not match
  override optimize(context: { [key: string]: any }): void {
    if (!(this.children.head instanceof ToggleSummary)) {
      if (this.prev instanceof ToggleContainer) {
        this.prev.optimize(context)
        return
      }
      // All at once, however long the answer: Quill gives up after a hundred rounds of tidying.
      let question = this.children.head
      while (question && !(question instanceof ToggleSummary)) question = question.next
      if (question?.prev) this.splitAfter(question.prev)
      for (let line = this.children.head; line; ) {
        const next = line.next
        if (line instanceof ToggleBody) line.format(ToggleBody.blotName, false)
        line = next
      }
      this.unwrap()
      return
    }
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
  html
    .replaceAll('<details open="">', '<details>')
    .replace(/<p class="toggle-body( [^"]*)?">/g, (_tag, others?: string) =>
      others ? `<p class="${others.trim()}">` : '<p>',
    )

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
 * in a toggle it turns the whole toggle back into paragraphs.
 */
export function toggleToggle(quill: Quill) {
  const range = quill.getSelection(true)
  const [line] = quill.getLine(range.index)
  const toggle = line?.parent
  if (toggle instanceof ToggleContainer) {
    quill.formatLine(quill.getIndex(toggle), toggle.length(), TOGGLE_FORMATS, 'user')
    return
  }
  const firstEnd = line ? quill.getIndex(line) + line.length() : range.index + 1
  quill.formatLine(range.index, 0, { ...TOGGLE_FORMATS, 'toggle-summary': true }, 'user')
  // A selection ending at the start of the next line (a whole line chosen) takes nothing from it.
  const rest = range.index + range.length - firstEnd
  if (rest > 0) quill.formatLine(firstEnd, rest, { 'toggle-body': true }, 'user')
}

type Context = { format: Record<string, unknown> }

/**
 * Enter (or Shift+Enter) after a question starts its answer, and at the question's start opens a line
 * above the toggle; Enter on the answer's last line, empty, leaves the toggle.
 */
export const TOGGLE_BINDINGS = {
  'toggle question enter': {
    key: 'Enter',
    shiftKey: null,
    format: ['toggle-summary'],
    handler(this: { quill: Quill }, range: { index: number; length: number }, context: Context) {
      if (range.length > 0) this.quill.deleteText(range.index, range.length, 'user')
      const [line, offset] = this.quill.getLine(range.index)
      if (!line) return
      if (offset === 0 && line.length() > 1) {
        this.quill.updateContents(new Delta().retain(range.index).insert('\n', { 'toggle-summary': null }), 'user')
        this.quill.setSelection(range.index + 1, 0, 'silent')
        return
      }
      const delta = new Delta()
        .retain(range.index)
        .insert('\n', context.format)
        .retain(line.length() - offset - 1)
        .retain(1, { 'toggle-summary': null, 'toggle-body': true })
      this.quill.updateContents(delta, 'user')
      this.quill.setSelection(range.index + 1, 0, 'silent')
    },
  },
  'toggle answer empty enter': {
    key: 'Enter',
    shiftKey: null,
    collapsed: true,
    format: ['toggle-body'],
    empty: true,
    handler(this: { quill: Quill }, range: { index: number; length: number }) {
      // Only the last line leaves: an empty line between two of the answer's is a new line of it.
      if (this.quill.getLine(range.index)[0]?.next) return true
      this.quill.formatLine(range.index, range.length, TOGGLE_FORMATS, 'user')
      return false
    },
  },
}

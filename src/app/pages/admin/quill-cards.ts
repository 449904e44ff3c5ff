import type Quill from 'quill'
import Block from 'quill/blots/block'
import Link from 'quill/formats/link'
import { CALLOUT_KINDS, type CalloutKind, POST_BUTTON_CLASS } from '../../../shared/post-cards'

/**
 * A callout line (`<aside class="callout callout--info">`): a note set apart in the previewer's three
 * kinds. Each line is its own box, as each quoted line is its own quote.
 */
export class Callout extends Block {
  static override blotName = 'callout'
  static override tagName = 'ASIDE'
  static override className = 'callout'

  static override create(value: unknown) {
    // biome-ignore lint/complexity/noThisInStatic: Quill's static create must run with this subclass (its tagName)
    const node = super.create(value) as HTMLElement
    const kind = CALLOUT_KINDS.includes(value as CalloutKind) ? (value as CalloutKind) : 'info'
    node.classList.add(`callout--${kind}`)
    return node
  }

  static override formats(node: HTMLElement) {
    return CALLOUT_KINDS.find((kind) => node.classList.contains(`callout--${kind}`)) ?? 'info'
  }

  override format(name: string, value: unknown) {
    if (name !== Callout.blotName || !value) return super.format(name, value)
    for (const kind of CALLOUT_KINDS) this.domNode.classList.toggle(`callout--${kind}`, kind === value)
  }
}

/** A link drawn as the site's button (`<a class="post-button">`): a call to action in a post. */
export class ButtonLink extends Link {
  static override blotName = 'button-link'
  static override className = POST_BUTTON_CLASS
}

/**
 * The toolbar's Button control: the selected link becomes a button, a button goes back to a plain link.
 * Text that is not a link yet is made one first with the Link control, so the address has its own field.
 */
export function toggleButtonLink(quill: Quill): 'button' | 'link' | 'no link' {
  const range = quill.getSelection(true)
  const formats = quill.getFormat(range)
  const button = formats['button-link']
  const link = formats.link
  if (typeof button === 'string') {
    quill.formatText(range.index, range.length || 1, { 'button-link': false, link: button }, 'user')
    return 'link'
  }
  if (typeof link !== 'string') return 'no link'
  // The whole link, not just the selected part: a button is one piece.
  const [leaf] = quill.getLeaf(range.index + (range.length ? 0 : 1))
  const start = leaf ? quill.getIndex(leaf) : range.index
  const length = leaf?.length() ?? range.length
  quill.formatText(start, length, { link: false, 'button-link': link }, 'user')
  return 'button'
}

import type Quill from 'quill'
import { CALLOUT_LABELS, type CalloutKind } from '../../../shared/post-cards'
import { HIGHLIGHT_COLOURS, TEXT_COLOURS } from '../../../shared/post-colours'
import { TABLE_ACTIONS, type TableAction } from './table-actions'

/**
 * Tab moves on to the next field, as in every other field of the form; Quill's own Tab bindings (a tab
 * character, list indenting) are off, and indenting keeps the word processors' shortcuts (below).
 */
export const KEYBOARD_BINDINGS = {
  tab: false,
  indent: false,
  outdent: false,
  'remove tab': false,
  'indent code-block': false,
  'outdent code-block': false,
  'table tab': false,
}

export const INDENT_SHORTCUTS = { indent: ']', outdent: '[' } as const

/** What the editor's hint says about the keys, beside the field. */
export const EDITOR_KEYS_HINT = `Tab moves to the next field; Ctrl+${INDENT_SHORTCUTS.indent} and Ctrl+${INDENT_SHORTCUTS.outdent} indent and outdent; Ctrl+S saves and keeps editing (⌘ on a Mac).`

/** Quill names its buttons after its formats ("list: ordered", "clean"): these are the names people hear. */
const BUTTON_NAMES: Record<string, string> = {
  'button.ql-bold': 'Bold',
  'button.ql-italic': 'Italic',
  'button.ql-underline': 'Underline',
  'button.ql-strike': 'Strikethrough',
  'button.ql-blockquote': 'Quote',
  'button.ql-list[value="ordered"]': 'Numbered list',
  'button.ql-list[value="bullet"]': 'Bullet list',
  'button.ql-indent[value="-1"]': 'Decrease indent',
  'button.ql-indent[value="+1"]': 'Increase indent',
  'button.ql-link': 'Link',
  'button.ql-image': 'Picture',
  'button.ql-video': 'Video',
  'button.ql-clean': 'Clear formatting',
  'button.ql-button-link': 'Button',
  'button.ql-code-block': 'Code block',
  'button.ql-divider': 'Divider',
  'button.ql-gallery': 'Gallery',
  'button.ql-toggle': 'Toggle',
  'button.ql-library': 'Media library',
}

/** Quill's drop-down pickers have no names of their own. */
const PICKER_NAMES: Record<string, string> = {
  'ql-header': 'Heading',
  'ql-color': 'Text colour',
  'ql-background': 'Background colour',
  'ql-align': 'Alignment',
  'ql-callout': 'Callout',
  'ql-table-tools': 'Table',
}

/** The picker items without a value are each picker's default. */
const DEFAULT_ITEM_NAMES: Record<string, string> = {
  'ql-header': 'Normal text',
  'ql-align': 'Left',
  'ql-color': 'Text colour: Default',
  'ql-background': 'Background colour: None',
  'ql-callout': 'No callout',
}
const HEADER_NAMES: Record<string, string> = Object.fromEntries(
  [1, 2, 3, 4, 5, 6].map((level) => [String(level), `Heading ${level}`]),
)
const ALIGN_NAMES: Record<string, string> = { center: 'Centre', right: 'Right', justify: 'Justify' }

/** The palette's swatches by the names a writer would use ("Text colour: Amber"). */
const COLOUR_NAMES: Record<string, string> = Object.fromEntries(
  [...TEXT_COLOURS, ...HIGHLIGHT_COLOURS].map((colour) => [colour.value, colour.name]),
)

function itemName(picker: string, value: string | null): string {
  if (value === null) return DEFAULT_ITEM_NAMES[picker] ?? 'None'
  if (picker === 'ql-header') return HEADER_NAMES[value] ?? value
  if (picker === 'ql-align') return ALIGN_NAMES[value] ?? value
  if (picker === 'ql-callout') return `Callout: ${CALLOUT_LABELS[value as CalloutKind] ?? value}`
  if (picker === 'ql-table-tools') return TABLE_ACTIONS[value as TableAction] ?? value
  return `${PICKER_NAMES[picker]}: ${COLOUR_NAMES[value] ?? value}`
}

/**
 * Names every control of the toolbar and the link field for assistive technology, and binds the indent
 * shortcuts. Run once the editor exists.
 */
export function makeEditorAccessible(quill: Quill, toolbar: Element | null) {
  for (const [selector, name] of Object.entries(BUTTON_NAMES)) {
    toolbar?.querySelector(selector)?.setAttribute('aria-label', name)
  }
  for (const [picker, name] of Object.entries(PICKER_NAMES)) {
    toolbar?.querySelector(`.${picker} .ql-picker-label`)?.setAttribute('aria-label', name)
    for (const item of toolbar?.querySelectorAll(`.${picker} .ql-picker-item`) ?? []) {
      const name = itemName(picker, item.getAttribute('data-value'))
      item.setAttribute('aria-label', name)
      // Quill draws the items of the pickers it knows; the Table menu's show their names (post-cards.css).
      if (picker === 'ql-table-tools') item.setAttribute('data-label', name)
    }
    // The hidden <select> Quill builds a picker from keeps its options, empty ones (invalid HTML) included.
    for (const option of toolbar?.querySelectorAll(`select.${picker} option`) ?? []) {
      option.setAttribute('label', itemName(picker, option.getAttribute('value')))
    }
  }
  // One field serves the Link and Video buttons (Quill's tooltip in its modes): its name follows the mode.
  const field = quill.container.querySelector('.ql-tooltip input[data-link]')
  field?.setAttribute('aria-label', 'Link address')
  const tooltip = (quill.theme as unknown as { tooltip?: { edit: (mode?: string, preview?: string | null) => void } })
    .tooltip
  if (tooltip) {
    const edit = tooltip.edit.bind(tooltip)
    tooltip.edit = (mode = 'link', preview = null) => {
      edit(mode, preview)
      field?.setAttribute('aria-label', mode === 'video' ? 'Video address' : 'Link address')
    }
  }
  quill.keyboard.addBinding({ key: INDENT_SHORTCUTS.indent, shortKey: true }, () => {
    quill.format('indent', '+1', 'user')
  })
  quill.keyboard.addBinding({ key: INDENT_SHORTCUTS.outdent, shortKey: true }, () => {
    quill.format('indent', '-1', 'user')
  })
}

import type Quill from 'quill'
import type { Range } from 'quill'
import { useEffect, useRef, useState } from 'react'
import { ACCEPTED_IMAGE_TYPES } from '../../../shared/media'
import { CALLOUT_KINDS } from '../../../shared/post-cards'
import { HIGHLIGHT_COLOURS, TEXT_COLOURS } from '../../../shared/post-colours'
import { LINK_PROTOCOLS } from '../../../shared/post-html-policy'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_TOASTS } from './admin-messages'
import { blockPlace } from './block-place'
import { EDITOR_KEYS_HINT, KEYBOARD_BINDINGS, makeEditorAccessible } from './editor-accessibility'
import { type EditorPicture, picturesIn } from './editor-picture-places'
import { EditorPictures } from './editor-pictures'
import { ImageDetailsDialog } from './image-details-dialog'
import { MediaPickerDialog } from './media-picker-dialog'
import { TABLE_ACTIONS, type TableAction } from './table-actions'
import { useEditorPictures } from './use-editor-pictures'
import { useLeaving } from './use-leaving'

/** Spec §5's toolbar, its colours the article's palette (post-colours.ts), then the cards. */
const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike', 'blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['link', 'image', 'video'],
  ['clean'],
  // `false` first: the default (the article's own text, no highlight), which takes a colour off.
  [
    { color: [false, ...TEXT_COLOURS.map((colour) => colour.value)] },
    { background: [false, ...HIGHLIGHT_COLOURS.map((colour) => colour.value)] },
  ],
  [{ align: [] }],
  // Cards (issue 39): a callout in one of the previewer's kinds, a link as a button, code, a divider,
  // a gallery and a toggle; then the media library, to put an uploaded picture in again.
  [{ callout: [false, ...CALLOUT_KINDS] }, 'button-link', 'code-block', 'divider', 'gallery', 'toggle'],
  [{ 'table-tools': Object.keys(TABLE_ACTIONS) }],
  ['library'],
]

/** Opens the file picker for pictures, several at once; the input is kept in the toolbar, as Quill's own. */
function pickPictures(toolbar: Element, name: string, onFiles: (files: File[]) => void) {
  let input = toolbar.querySelector<HTMLInputElement>(`input[type=file][name=${name}]`)
  if (!input) {
    const created = document.createElement('input')
    Object.assign(created, { type: 'file', name, multiple: true, hidden: true })
    created.accept = ACCEPTED_IMAGE_TYPES.join(', ')
    created.addEventListener('change', () => {
      const files = [...(created.files ?? [])]
      created.value = ''
      if (files.length > 0) onFiles(files)
    })
    toolbar.append(created)
    input = created
  }
  input.click()
}

interface EditorSetup {
  id: string
  label: string
  onUpload: (range: Range | null, files: File[]) => void
  onGallery: (range: Range | null, files: File[]) => void
  onLibrary: (range: Range) => void
  /** The Button control was used on text that is not a link yet. */
  onNeedsLink: () => void
  /** A Table menu action had no table to act on, or was asked for a table inside one. */
  onTableRefused: (why: 'in a table' | 'not in a table') => void
}

/** Quill in `host` with the site's toolbar, link rule and uploader, named for assistive technology. */
async function createEditor(
  host: HTMLElement,
  { id, label, onUpload, onGallery, onLibrary, onNeedsLink, onTableRefused }: EditorSetup,
) {
  const {
    default: QuillClass,
    PASTE_MATCHERS,
    TOGGLE_BINDINGS,
    readPostHtml,
    tableAction,
    toggleButtonLink,
    toggleToggle,
  } = await import('./editor-quill')
  const Link = QuillClass.import('formats/link') as { PROTOCOL_WHITELIST: string[] }
  Link.PROTOCOL_WHITELIST = LINK_PROTOCOLS
  const editor = document.createElement('div')
  host.append(editor)
  const quill = new QuillClass(editor, {
    theme: 'snow',
    modules: {
      toolbar: {
        container: TOOLBAR,
        handlers: {
          image(this: { quill: Quill; container: Element }) {
            pickPictures(this.container, 'pictures', (files) => onUpload(this.quill.getSelection(true), files))
          },
          gallery(this: { quill: Quill; container: Element }) {
            pickPictures(this.container, 'gallery', (files) => onGallery(this.quill.getSelection(true), files))
          },
          library(this: { quill: Quill }) {
            onLibrary(this.quill.getSelection(true))
          },
          'table-tools'(this: { quill: Quill }, action: TableAction) {
            const outcome = tableAction(this.quill, action)
            if (outcome !== 'done') onTableRefused(outcome)
          },
          toggle(this: { quill: Quill }) {
            toggleToggle(this.quill)
          },
          'button-link'(this: { quill: Quill }) {
            if (toggleButtonLink(this.quill) === 'no link') onNeedsLink()
          },
          divider(this: { quill: Quill }) {
            const index = blockPlace(this.quill, this.quill.getSelection(true).index)
            this.quill.insertEmbed(index, 'divider', true, 'user')
            this.quill.setSelection(index + 1, 0, 'user')
          },
        },
      },
      keyboard: { bindings: { ...KEYBOARD_BINDINGS, ...TOGGLE_BINDINGS } },
      clipboard: { matchers: PASTE_MATCHERS },
      table: true,
      uploader: { mimetypes: ACCEPTED_IMAGE_TYPES, handler: onUpload },
    },
  })
  const toolbar = host.querySelector('.ql-toolbar')
  toolbar?.setAttribute('aria-label', `${label} formatting`)
  toolbar?.setAttribute('role', 'toolbar')
  makeEditorAccessible(quill, toolbar)
  quill.root.setAttribute('aria-label', label)
  quill.root.setAttribute('aria-multiline', 'true')
  quill.root.setAttribute('role', 'textbox')
  quill.root.id = id
  // A toggle's question is text to write in, not a switch: its answer stays open in the editor.
  quill.root.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('summary')) event.preventDefault()
  })
  /** The position in the document of the blot that renders `node` (-1 when none does). */
  const indexOf = (node: Node) => {
    const blot = QuillClass.find(node, true)
    return blot && !(blot instanceof QuillClass) ? quill.getIndex(blot) : -1
  }
  return { quill, indexOf, readPostHtml }
}

/** A Video-button link that is not YouTube or Vimeo leaves an empty player: it is taken out again. */
function dropRefusedPlayers(quill: Quill, indexOf: (node: Node) => number): boolean {
  const refused = [...quill.root.querySelectorAll('iframe.ql-video')].filter(
    (frame) => frame.getAttribute('src') === 'about:blank',
  )
  for (const frame of refused.reverse()) quill.deleteText(indexOf(frame), 1, 'silent')
  return refused.length > 0
}

interface RichTextEditorProps {
  id: string
  label: string
  value: string
  onChange: (html: string) => void
  /** Focus moved out of the editor, its toolbar and its dialogs. */
  onLeave?: () => void
  invalid?: boolean
  describedBy?: string
}

/**
 * Quill, loaded in the browser only (its own chunk; the server renders an empty frame). Pictures are
 * uploaded, never embedded as data, and described in a dialog; clicking one edits its alt text.
 */
export function RichTextEditor({ id, label, value, onChange, onLeave, invalid, describedBy }: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null)
  const quillRef = useRef<Quill | null>(null)
  const lastHtml = useRef<string>('')
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const wrapperRef = useRef<HTMLDivElement>(null)
  const [ready, setReady] = useState(false)
  const [pictures, setPictures] = useState<EditorPicture[]>([])
  /** Where a picture chosen from the media library goes, while the library is open. */
  const [libraryAt, setLibraryAt] = useState<Range | null>(null)
  const editorPictures = useEditorPictures(quillRef)
  const { uploadHandler, galleryHandler, pasteHandler, editPicture, followEdits } = editorPictures
  const toast = useToast()

  useEffect(() => {
    let disposed = false
    const host = hostRef.current
    if (!host) return
    void createEditor(host, {
      id,
      label,
      onUpload: uploadHandler,
      onGallery: galleryHandler,
      onLibrary: setLibraryAt,
      onNeedsLink: () => toast(ADMIN_TOASTS.buttonNeedsLink),
      onTableRefused: (why) => toast(why === 'in a table' ? ADMIN_TOASTS.tableInTable : ADMIN_TOASTS.tableNeeded),
    }).then(({ quill, indexOf, readPostHtml }) => {
      if (disposed) return
      quill.on('text-change', (change, _before, source) => {
        followEdits(change)
        if (source === 'user') pasteHandler(change)
        if (dropRefusedPlayers(quill, indexOf)) toast(ADMIN_TOASTS.videoRefused)
        lastHtml.current = readPostHtml(quill)
        setPictures(picturesIn(quill))
        onChangeRef.current(lastHtml.current)
      })
      quill.root.addEventListener('click', (event) => {
        const target = event.target
        if (!(target instanceof HTMLImageElement)) return
        const figure = target.closest('figure')
        const index = indexOf(figure ?? target)
        const slot = figure ? [...figure.querySelectorAll('img')].indexOf(target) : 0
        const picture = picturesIn(quill).find(
          (candidate) => candidate.index === index && (candidate.slot === undefined || candidate.slot === slot),
        )
        if (picture) editPicture(picture)
      })
      quillRef.current = quill
      setReady(true)
    })
    return () => {
      disposed = true
      quillRef.current = null
      host.innerHTML = ''
    }
  }, [id, label, uploadHandler, galleryHandler, pasteHandler, editPicture, followEdits, toast])

  // Content set from outside (reset, or a post loaded for editing) replaces the editor's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` re-runs it once Quill exists
  useEffect(() => {
    const quill = quillRef.current
    if (!quill || value === lastHtml.current) return
    lastHtml.current = value
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent')
    // Undo goes back to the post as loaded, never to an empty editor (nor uploads its pictures again).
    quill.history.clear()
    setPictures(picturesIn(quill))
  }, [value, ready])

  useLeaving(wrapperRef, onLeave)

  // The editor's state follows its error in place: making a new editor for it lost what was being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` re-runs it once Quill exists
  useEffect(() => {
    const root = quillRef.current?.root
    root?.setAttribute('aria-invalid', invalid ? 'true' : 'false')
    root?.setAttribute('aria-describedby', [`${id}-keys`, describedBy].filter(Boolean).join(' '))
  }, [id, invalid, describedBy, ready])

  return (
    <div ref={wrapperRef} className={`rich-text${invalid ? ' rich-text--invalid' : ''}`}>
      <div ref={hostRef} className="rich-text__host" />
      {!ready && <p className="rich-text__loading">Loading editor…</p>}
      <p id={`${id}-keys`} className="rich-text__keys">
        {EDITOR_KEYS_HINT}
      </p>
      <EditorPictures uploads={editorPictures.uploads} pictures={pictures} onEdit={editPicture} />
      <MediaPickerDialog
        open={libraryAt !== null}
        title="Insert a picture from the media library"
        onPick={(item) => {
          editorPictures.insertUpload(libraryAt, item)
          setLibraryAt(null)
        }}
        onClose={() => setLibraryAt(null)}
      />
      <ImageDetailsDialog
        image={editorPictures.dialogImage}
        title={editorPictures.dialogTitle}
        withCaption={editorPictures.dialogWithCaption}
        onSave={editorPictures.save}
        onCancel={editorPictures.cancel}
      />
    </div>
  )
}

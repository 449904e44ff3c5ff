import type Quill from 'quill'
import { useEffect, useRef, useState } from 'react'
import { IMAGE_FILE_TYPES, LINK_PROTOCOLS } from '../../../shared/post-html-policy'

/** Spec §5: exactly this toolbar. */
const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike', 'blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['link', 'image', 'video'],
  ['clean'],
  [{ color: [] }, { background: [] }],
  [{ align: [] }],
]
/** Quill's drop-down pickers have no names of their own. */
const PICKER_LABELS: Record<string, string> = {
  'ql-header': 'Heading',
  'ql-color': 'Text colour',
  'ql-background': 'Background colour',
  'ql-align': 'Alignment',
}

/** Quill 2's semantic HTML (real <ul>/<ol>) with its non-breaking spaces turned back into spaces. */
const readHtml = (quill: Quill) => quill.getSemanticHTML().replace(/&nbsp;/g, ' ')

interface RichTextEditorProps {
  id: string
  label: string
  value: string
  onChange: (html: string) => void
  invalid?: boolean
  describedBy?: string
}

/**
 * Quill, loaded in the browser only (its own chunk; the server renders an empty frame). Link protocols
 * and the image picker's file types are the post HTML policy's (other link addresses become blank).
 */
export function RichTextEditor({ id, label, value, onChange, invalid, describedBy }: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null)
  const quillRef = useRef<Quill | null>(null)
  const lastHtml = useRef<string>('')
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const [ready, setReady] = useState(false)

  useEffect(() => {
    let disposed = false
    void import('./editor-quill').then(({ default: QuillClass }) => {
      if (disposed || !hostRef.current) return
      const Link = QuillClass.import('formats/link') as { PROTOCOL_WHITELIST: string[] }
      Link.PROTOCOL_WHITELIST = LINK_PROTOCOLS
      const editor = document.createElement('div')
      hostRef.current.append(editor)
      const quill = new QuillClass(editor, {
        theme: 'snow',
        modules: { toolbar: TOOLBAR, uploader: { mimetypes: IMAGE_FILE_TYPES } },
      })
      const toolbar = hostRef.current.querySelector('.ql-toolbar')
      toolbar?.setAttribute('aria-label', `${label} formatting`)
      toolbar?.setAttribute('role', 'toolbar')
      for (const [className, name] of Object.entries(PICKER_LABELS)) {
        toolbar?.querySelector(`.${className} .ql-picker-label`)?.setAttribute('aria-label', name)
      }
      quill.root.setAttribute('aria-label', label)
      quill.root.setAttribute('aria-multiline', 'true')
      quill.root.setAttribute('role', 'textbox')
      quill.root.id = id
      if (describedBy) quill.root.setAttribute('aria-describedby', describedBy)
      quill.on('text-change', () => {
        lastHtml.current = readHtml(quill)
        onChangeRef.current(lastHtml.current)
      })
      quillRef.current = quill
      setReady(true)
    })
    return () => {
      disposed = true
      quillRef.current = null
      if (hostRef.current) hostRef.current.innerHTML = ''
    }
  }, [id, label, describedBy])

  // Content set from outside (reset, or a post loaded for editing) replaces the editor's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` re-runs it once Quill exists
  useEffect(() => {
    const quill = quillRef.current
    if (!quill || value === lastHtml.current) return
    lastHtml.current = value
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent')
  }, [value, ready])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` re-runs it once Quill exists
  useEffect(() => {
    quillRef.current?.root.setAttribute('aria-invalid', invalid ? 'true' : 'false')
  }, [invalid, ready])

  return (
    <div className={`rich-text${invalid ? ' rich-text--invalid' : ''}`}>
      <div ref={hostRef} className="rich-text__host" />
      {!ready && <p className="rich-text__loading">Loading editor…</p>}
    </div>
  )
}

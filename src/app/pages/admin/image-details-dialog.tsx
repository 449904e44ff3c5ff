import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { FormField } from '../../components/form-field'
import { useModalDialog } from '../../components/use-modal-dialog'

export interface ImageDetails {
  alt: string
  caption: string
}

interface ImageDetailsDialogProps {
  /** The picture being described; null closes the dialog. */
  image: { src: string; alt: string; caption: string; decorative?: boolean } | null
  title: string
  /** Featured images have no caption. */
  withCaption?: boolean
  onSave: (details: ImageDetails) => void
  onCancel: () => void
}

/**
 * Asks for a picture's alt text (and caption) when it is inserted, and again when it is clicked in the
 * editor. Alt text may stay empty only on purpose, for a picture that is decoration.
 */
export function ImageDetailsDialog({ image, title, withCaption = true, onSave, onCancel }: ImageDetailsDialogProps) {
  const ref = useModalDialog(image !== null)
  // Several of these dialogs can be on one page (the editor's and the featured image's).
  const id = useId()
  const [alt, setAlt] = useState('')
  const [caption, setCaption] = useState('')
  const [decorative, setDecorative] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const altRef = useRef<HTMLTextAreaElement>(null)

  // A new picture (the next of a gallery, in the same open dialog) starts afresh, its alt text in focus,
  // before it is drawn: its title never shows over the last one's text.
  useLayoutEffect(() => {
    setAlt(image?.alt ?? '')
    setCaption(image?.caption ?? '')
    setDecorative(image?.decorative ?? false)
    setError(null)
    if (image) altRef.current?.focus()
  }, [image])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    // React passes events up its own tree, portal or not: the post form around the editor must not submit.
    event.stopPropagation()
    if (!decorative && !alt.trim()) {
      setError('Describe the picture, or mark it as decoration.')
      return
    }
    onSave({ alt: decorative ? '' : alt.trim(), caption: withCaption ? caption.trim() : '' })
  }

  // In <body>, so its form is never inside the post's form in the document.
  return createPortal(
    <dialog
      ref={ref}
      className="dialog dialog--wide"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        {/* Said again when the same open dialog goes on to the next picture of a gallery. */}
        <h2 id={`${id}-title`} className="dialog__title" aria-live="polite">
          {title}
        </h2>
        {image?.src && <img className="image-details__preview" src={image.src} alt="" />}
        <FormField
          id={`${id}-alt`}
          label="Alt text"
          hint="What the picture shows, for people who cannot see it."
          error={error}
        >
          {(control) => (
            <textarea
              {...control}
              ref={altRef}
              rows={2}
              maxLength={500}
              value={alt}
              disabled={decorative}
              onChange={(event) => {
                setAlt(event.target.value)
                setError(null)
              }}
            />
          )}
        </FormField>
        <label className="checkbox">
          <input type="checkbox" checked={decorative} onChange={(event) => setDecorative(event.target.checked)} />
          Decoration only (no alt text)
        </label>
        {withCaption && (
          <FormField id={`${id}-caption`} label="Caption (optional)">
            {(control) => (
              <input
                {...control}
                maxLength={300}
                value={caption}
                onChange={(event) => setCaption(event.target.value)}
              />
            )}
          </FormField>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary">
            Save
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  )
}

import { type RefObject, useEffect, useState } from 'react'
import { POST_GALLERY_CLASS } from '../../../shared/post-cards'
import { useModalDialog } from '../use-modal-dialog'

interface Shown {
  pictures: HTMLImageElement[]
  index: number
}

const pictureName = (picture: HTMLImageElement, index: number, count: number) =>
  `Picture ${index + 1} of ${count}${picture.alt ? `: ${picture.alt}` : ''}`

/**
 * The pictures of a post's galleries (`figure.post-gallery`, stored HTML the page shows as it is) open
 * large in a dialog: by click, or by Tab and Enter or Space on a picture, which is made a button for it.
 * In the dialog the arrow keys and two buttons go through the gallery, Escape or Close shut it, and focus
 * goes back to the picture it was opened from.
 */
export function GalleryLightbox({ content, html }: { content: RefObject<HTMLElement | null>; html: string }) {
  const [shown, setShown] = useState<Shown | null>(null)
  const ref = useModalDialog(shown !== null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `html` is what the pictures come from: new HTML, new pictures
  useEffect(() => {
    const root = content.current
    if (!root) return
    const galleries = [...root.querySelectorAll<HTMLElement>(`figure.${POST_GALLERY_CLASS}`)]
    const cleanups = galleries.flatMap((gallery) => {
      const pictures = [...gallery.querySelectorAll('img')]
      return pictures.map((picture, index) => {
        picture.tabIndex = 0
        picture.setAttribute('role', 'button')
        picture.setAttribute('aria-label', `Open ${pictureName(picture, index, pictures.length).toLowerCase()}`)
        const open = () => setShown({ pictures, index })
        const onKey = (event: KeyboardEvent) => {
          if (event.key !== 'Enter' && event.key !== ' ') return
          event.preventDefault()
          open()
        }
        picture.addEventListener('click', open)
        picture.addEventListener('keydown', onKey)
        return () => {
          picture.removeEventListener('click', open)
          picture.removeEventListener('keydown', onKey)
        }
      })
    })
    return () => {
      for (const cleanup of cleanups) cleanup()
    }
  }, [content, html])

  const step = (by: number) =>
    setShown((current) =>
      current ? { ...current, index: (current.index + by + current.pictures.length) % current.pictures.length } : null,
    )
  const picture = shown?.pictures[shown.index]
  return (
    <dialog
      ref={ref}
      className="lightbox"
      aria-label={picture && shown ? pictureName(picture, shown.index, shown.pictures.length) : 'Picture'}
      onCancel={(event) => {
        event.preventDefault()
        setShown(null)
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') step(1)
        if (event.key === 'ArrowLeft') step(-1)
      }}
    >
      {picture && shown && (
        <figure className="lightbox__figure">
          <img className="lightbox__image" src={picture.currentSrc || picture.src} alt={picture.alt} />
          <figcaption className="lightbox__caption">
            {pictureName(picture, shown.index, shown.pictures.length)}
          </figcaption>
        </figure>
      )}
      <div className="lightbox__controls">
        <button type="button" className="button button--ghost" onClick={() => step(-1)}>
          Previous
        </button>
        <button type="button" className="button button--ghost" onClick={() => step(1)}>
          Next
        </button>
        <button type="button" className="button button--primary" onClick={() => setShown(null)}>
          Close
        </button>
      </div>
    </dialog>
  )
}

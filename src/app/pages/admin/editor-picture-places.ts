import type Quill from 'quill'
import type { Delta } from 'quill'
import type { ImageDetails } from './image-details-dialog'
import type { GalleryPicture } from './quill-gallery'
import type { FigureValue } from './quill-media-figure'

/** A picture in the editor's content: a figure (with caption), an inline image, or one of a gallery's. */
export interface EditorPicture {
  index: number
  kind: 'media-figure' | 'image' | 'gallery'
  value: FigureValue
  /** Which of its gallery's pictures it is. */
  slot?: number
}

/** The pictures of the content, in order, read from Quill's document. */
export function picturesIn(quill: Quill): EditorPicture[] {
  const pictures: EditorPicture[] = []
  let index = 0
  for (const op of quill.getContents().ops) {
    const insert = op.insert
    if (typeof insert === 'string') {
      index += insert.length
      continue
    }
    if (insert && typeof insert === 'object') {
      const embed = insert as { 'media-figure'?: FigureValue; image?: string; gallery?: GalleryPicture[] }
      if (embed['media-figure']) pictures.push({ index, kind: 'media-figure', value: embed['media-figure'] })
      else if (embed.gallery) {
        for (const [slot, picture] of embed.gallery.entries()) {
          pictures.push({ index, kind: 'gallery', slot, value: { ...picture, caption: '' } })
        }
      } else if (typeof embed.image === 'string') {
        const attributes = (op.attributes ?? {}) as Partial<Record<'alt' | 'width' | 'height', string>>
        pictures.push({
          index,
          kind: 'image',
          value: { src: embed.image, alt: attributes.alt ?? '', caption: '', ...attributes },
        })
      }
    }
    index += 1
  }
  return pictures
}

/**
 * New alt text (and caption) for a picture already in the post, written where it is now: found again by
 * its address, since text or pictures may have been added before it while the dialog was open. A picture
 * deleted meanwhile is left deleted.
 */
export function editInPlace(quill: Quill, picture: EditorPicture, details: ImageDetails) {
  const same = picturesIn(quill).filter(
    (candidate) =>
      candidate.kind === picture.kind && candidate.slot === picture.slot && candidate.value.src === picture.value.src,
  )
  const found = same.find((candidate) => candidate.index === picture.index) ?? same[0]
  if (!found) return
  const { index, kind, value, slot } = found
  if (kind === 'gallery') {
    const [embed] = quill.getContents(index, 1).ops
    const pictures = [...((embed?.insert as { gallery?: GalleryPicture[] })?.gallery ?? [])]
    if (slot === undefined || !pictures[slot]) return
    pictures[slot] = { ...pictures[slot], alt: details.alt }
    quill.deleteText(index, 1, 'user')
    quill.insertEmbed(index, 'gallery', pictures, 'user')
  } else if (kind === 'image' && !details.caption) {
    quill.formatText(index, 1, { alt: details.alt }, 'user')
  } else {
    quill.deleteText(index, 1, 'user')
    quill.insertEmbed(index, 'media-figure', { ...value, ...details }, 'user')
  }
}

/**
 * Pictures a change put in that are not on this site yet: pasted as data (a screenshot, a document's
 * picture) or from another site. Each is to be uploaded, so the post keeps it whatever happens there.
 */
export function foreignPicturesIn(change: Delta, origin: string): { src: string; alt: string }[] {
  const found: { src: string; alt: string }[] = []
  for (const op of change.ops) {
    const src = (op.insert as { image?: unknown } | undefined)?.image
    if (typeof src !== 'string') continue
    const foreign = /^data:image\//i.test(src) || (/^https?:\/\//i.test(src) && new URL(src).origin !== origin)
    if (foreign) found.push({ src, alt: String(op.attributes?.alt ?? '') })
  }
  return found
}

/** Every picture whose address is `src` becomes the hosted figure `figure`: the pasted copy taken in. */
export function replacePictures(quill: Quill, src: string, figure: FigureValue) {
  const places = picturesIn(quill).filter((picture) => picture.kind === 'image' && picture.value.src === src)
  for (const { index } of places.reverse()) {
    quill.deleteText(index, 1, 'user')
    quill.insertEmbed(index, 'media-figure', figure, 'user')
  }
}

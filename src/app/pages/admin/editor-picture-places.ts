import type Quill from 'quill'
import type { Delta } from 'quill'
import { holderOf } from './block-place'
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

/** A pasted picture given as data, to take in: its address, and what was pasted with it. */
export interface PastedPicture {
  src: string
  alt: string
  caption: string
}

/**
 * The pictures a change put in that are not on this site: those pasted as data (a screenshot, a
 * document's picture), to be uploaded, and the sites the others show from (`page`: this page's address).
 */
export function pastedPictures(change: Delta, page: string): { data: PastedPicture[]; elsewhere: string[] } {
  const data: PastedPicture[] = []
  const elsewhere = new Set<string>()
  for (const op of change.ops) {
    const insert = op.insert as { image?: unknown; 'media-figure'?: Partial<FigureValue> } | undefined
    const figure = insert?.['media-figure']
    const src = typeof insert?.image === 'string' ? insert.image : figure?.src
    if (typeof src !== 'string') continue
    if (/^data:image\//i.test(src)) {
      data.push({ src, alt: String(figure?.alt ?? op.attributes?.alt ?? ''), caption: figure?.caption ?? '' })
      continue
    }
    try {
      const url = new URL(src, page)
      if (/^https?:$/.test(url.protocol) && url.origin !== new URL(page).origin) elsewhere.add(url.host)
    } catch {
      // Not an address at all: Quill shows nothing for it, and the server drops it.
    }
  }
  return { data, elsewhere: [...elsewhere] }
}

/**
 * Every picture whose address is `src` becomes the hosted `figure`: the pasted copy taken in. In a table or
 * a toggle, where a figure would break it, the picture stays a picture in the line, with the hosted address.
 */
export function replacePictures(quill: Quill, src: string, figure: FigureValue) {
  const places = picturesIn(quill).filter((picture) => picture.kind !== 'gallery' && picture.value.src === src)
  for (const { index, kind } of places.reverse()) {
    quill.deleteText(index, 1, 'user')
    if (kind === 'image' && holderOf(quill.getLine(index)[0])) {
      quill.insertEmbed(index, 'image', figure.src, 'user')
      quill.formatText(index, 1, { alt: figure.alt, width: figure.width, height: figure.height }, 'user')
    } else {
      quill.insertEmbed(index, 'media-figure', figure, 'user')
    }
  }
}

/** A picture pasted as a data: address, as a file to upload; throws on one that is not readable data. */
export function pastedFile(src: string): File {
  const [, meta = '', payload = ''] = /^data:([^,]*),(.*)$/is.exec(src) ?? []
  const type = meta.split(';')[0] || 'application/octet-stream'
  const text = /;base64$/i.test(meta) ? atob(payload.replace(/\s+/g, '')) : decodeURIComponent(payload)
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return new File([bytes], `pasted-picture.${type.split('/')[1]?.replace(/\W.*$/, '') || 'png'}`, { type })
}

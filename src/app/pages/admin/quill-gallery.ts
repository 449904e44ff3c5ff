import { BlockEmbed } from 'quill/blots/block'
import { POST_GALLERY_CLASS } from '../../../shared/post-cards'
import { type FigureValue, isPictureUrl, pictureElement, pictureOf } from './quill-media-figure'

/** A picture of a gallery: a figure's picture without a caption (the gallery is one figure). */
export type GalleryPicture = Omit<FigureValue, 'caption'>

/**
 * A gallery (`<figure class="post-gallery">` of pictures, shown as a grid that opens each large on the
 * public page), one piece in the editor: made from one pick of several files, its pictures' alt text
 * edited one by one.
 */
export class Gallery extends BlockEmbed {
  static override blotName = 'gallery'
  static override tagName = 'FIGURE'
  static override className = POST_GALLERY_CLASS

  static override create(pictures: GalleryPicture[]) {
    // biome-ignore lint/complexity/noThisInStatic: Quill's static create must run with this subclass (its tagName)
    const node = super.create() as HTMLElement
    // A gallery's pictures are uploads or addresses: pasted data is taken in as figures, never in a gallery.
    const kept = (Array.isArray(pictures) ? pictures : []).filter(
      (picture) => isPictureUrl(picture.src ?? '') && !/^data:/i.test(picture.src),
    )
    node.append(...kept.map(pictureElement))
    return node
  }

  static override value(node: HTMLElement): GalleryPicture[] {
    return [...node.querySelectorAll('img')].map(pictureOf)
  }
}

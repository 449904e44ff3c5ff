import { BlockEmbed } from 'quill/blots/block'

/** What the editor keeps of a picture: its address, alt text, caption and size; the server adds the rest. */
export interface FigureValue {
  src: string
  alt: string
  caption: string
  width?: string
  height?: string
}

/**
 * Pictures are addresses on this site or on the web, or pasted data (taken in as an upload, and by the
 * server on save); anything else (a script, another kind of data) is not kept.
 */
export const isPictureUrl = (url: string) => /^(https?:\/\/|\/(?!\/)|data:image\/)/i.test(url.trim())

type Picture = Omit<FigureValue, 'caption'>
const SIZES = ['width', 'height'] as const

/** An `<img>` of a picture the editor keeps: an address that is one, its alt text, its size in digits. */
export function pictureElement(picture: Picture): HTMLImageElement {
  const image = document.createElement('img')
  if (isPictureUrl(picture.src ?? '')) image.setAttribute('src', picture.src)
  image.setAttribute('alt', picture.alt ?? '')
  for (const size of SIZES) {
    if (picture[size] && /^\d+$/.test(picture[size])) image.setAttribute(size, picture[size])
  }
  return image
}

/** What the editor keeps of an `<img>`. */
export function pictureOf(image: Element): Picture {
  const picture: Picture = { src: image.getAttribute('src') ?? '', alt: image.getAttribute('alt') ?? '' }
  for (const size of SIZES) {
    const attribute = image.getAttribute(size)
    if (attribute) picture[size] = attribute
  }
  return picture
}

/**
 * A picture with its alt text and an optional caption, as `<figure><img><figcaption>`. Uploads are
 * inserted as figures, and figures already in posts load as them, so editing keeps their captions.
 */
export class MediaFigure extends BlockEmbed {
  static override blotName = 'media-figure'
  static override tagName = 'FIGURE'

  static override create(value: FigureValue) {
    // biome-ignore lint/complexity/noThisInStatic: Quill's static create must run with this subclass (its tagName)
    const node = super.create() as HTMLElement
    node.append(pictureElement(value))
    if (value.caption?.trim()) {
      const caption = document.createElement('figcaption')
      caption.textContent = value.caption.trim()
      node.append(caption)
    }
    return node
  }

  /** Figures without a picture (a figure around a video, say) are not this blot's to keep. */
  static override value(node: HTMLElement): FigureValue | undefined {
    const image = node.querySelector('img')
    if (!image) return undefined
    return { ...pictureOf(image), caption: node.querySelector('figcaption')?.textContent?.trim() ?? '' }
  }
}

import { BlockEmbed } from 'quill/blots/block'

/** What the editor keeps of a picture: its address, alt text, caption and size; the server adds the rest. */
export interface FigureValue {
  src: string
  alt: string
  caption: string
  width?: string
  height?: string
}

/** Pictures are addresses on this site or on the web; anything else (a data: URL, a script) is not kept. */
export const isPictureUrl = (url: string) => /^(https?:\/\/|\/(?!\/))/i.test(url.trim())

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
    const image = document.createElement('img')
    if (isPictureUrl(value.src ?? '')) image.setAttribute('src', value.src)
    image.setAttribute('alt', value.alt ?? '')
    for (const size of ['width', 'height'] as const) {
      if (value[size] && /^\d+$/.test(value[size])) image.setAttribute(size, value[size])
    }
    node.append(image)
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
    const value: FigureValue = {
      src: image.getAttribute('src') ?? '',
      alt: image.getAttribute('alt') ?? '',
      caption: node.querySelector('figcaption')?.textContent?.trim() ?? '',
    }
    for (const size of ['width', 'height'] as const) {
      const attribute = image.getAttribute(size)
      if (attribute) value[size] = attribute
    }
    return value
  }
}

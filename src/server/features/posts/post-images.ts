import type sanitizeHtml from 'sanitize-html'
import { defaultVariant, heightAt, type MediaImageInfo, mediaHashOf, mediaSrcSet } from '../../../shared/media'
import { POST_GALLERY_CLASS } from '../../../shared/post-cards'
import { POST_GALLERY_IMAGE_SIZES, POST_IMAGE_SIZES } from '../../../shared/post-rules'

/** An image pasted into a post as a data: URL, waiting to be stored as an upload. */
export interface InlineImage {
  placeholder: string
  bytes: Uint8Array
  alt: string
}

const DATA_URL = /^data:([^;,]*)(;base64)?,(.*)$/is

/** The bytes of a data: URL; a malformed one gives none (the upload then says it is not an image). */
function dataUrlBytes(payload: string, base64: boolean): Uint8Array {
  if (base64) return Buffer.from(payload.replace(/\s+/g, ''), 'base64')
  try {
    return Buffer.from(decodeURIComponent(payload))
  } catch {
    return new Uint8Array()
  }
}

/**
 * Takes data: images out of post HTML (during sanitizing): each becomes a placeholder address to be
 * replaced by its upload's URL, so no post keeps image bytes in its HTML.
 */
export function inlineImageCollector() {
  const images: InlineImage[] = []
  // Unguessable, so no address the author wrote can be mistaken for a placeholder.
  const token = crypto.randomUUID()
  const transform: sanitizeHtml.Transformer = (tagName, { srcset: _srcset, sizes: _sizes, ...attribs }) => {
    const match = DATA_URL.exec(attribs.src?.trim() ?? '')
    if (!match) return { tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }
    const [, , base64, payload = ''] = match
    const placeholder = `/media/pending-${token}-${images.length}.webp`
    images.push({ placeholder, bytes: dataUrlBytes(payload, Boolean(base64)), alt: attribs.alt ?? '' })
    return { tagName, attribs: { ...attribs, src: placeholder } }
  }
  return { images, transform }
}

/**
 * Gives every `<img>` of an upload its responsive sources, intrinsic size (no layout shift) and lazy
 * loading; derived from the stored upload on every save, so saving again changes nothing. The first
 * image loads at once when nothing above it (no featured image) would be seen first.
 */
export function mediaImageTransform(images: Map<string, MediaImageInfo>, eagerFirstImage: boolean) {
  let seen = 0
  const transform: sanitizeHtml.Transformer = (tagName, { srcset: _srcset, sizes: _sizes, loading, ...attribs }) => {
    const hash = mediaHashOf(attribs.src ?? '')
    const info = hash ? images.get(hash) : undefined
    if (!info || info.variants.length === 0) {
      return { tagName, attribs: { ...attribs, alt: attribs.alt ?? '', ...(loading ? { loading } : {}) } }
    }
    const main = defaultVariant(info.variants)
    const lazy = seen++ > 0 || !eagerFirstImage
    // Attributes in one fixed order, whatever order they came in: saving the result again changes nothing.
    return {
      tagName,
      attribs: {
        src: main.url,
        alt: attribs.alt ?? info.alt,
        ...(attribs.title ? { title: attribs.title } : {}),
        ...(attribs.class ? { class: attribs.class } : {}),
        srcset: mediaSrcSet(info.variants),
        sizes: POST_IMAGE_SIZES,
        width: String(main.width),
        height: String(heightAt(main.width, info)),
        ...(lazy ? { loading: 'lazy' } : {}),
        decoding: 'async',
      },
    }
  }
  return transform
}

const GALLERY = new RegExp(`<figure class="${POST_GALLERY_CLASS}">[\\s\\S]*?</figure>`, 'g')

/** A gallery's pictures fill a cell of its grid, not the column: their `sizes` say so, and smaller files are chosen. */
export const withGallerySizes = (html: string) =>
  html.replace(GALLERY, (gallery) =>
    gallery.replaceAll(`sizes="${POST_IMAGE_SIZES}"`, `sizes="${POST_GALLERY_IMAGE_SIZES}"`),
  )

import sharp, { type Sharp } from 'sharp'
import { type ImageFormat, MEDIA_VARIANT_WIDTHS, SHARE_IMAGE_SIZE } from '../../../shared/media'
import { decodeLegacyImage, LegacyImageError } from './decode-legacy'

/** Larger images are refused before a pixel is decoded (a small file can declare a huge canvas). */
export const MAX_INPUT_PIXELS = 100_000_000
const WEBP = { quality: 80, effort: 4 } as const

// Each upload is processed on its own; libvips' operation cache would only hold memory between uploads.
sharp.cache(false)

export class ImageError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooManyPixels') {
    super(reason)
  }
}

export interface ProcessedFile {
  /** `480`, `800`, … or `share`. */
  suffix: string
  width: number
  height: number
  bytes: Buffer
}

export interface ProcessedImage {
  /** Of the upright original. */
  width: number
  height: number
  files: ProcessedFile[]
}

function checkPixels(width: number, height: number) {
  if (!(width > 0 && height > 0)) throw new ImageError('unreadable')
  if (width * height > MAX_INPUT_PIXELS) throw new ImageError('tooManyPixels')
}

/**
 * Opens an upload for sharp. BMP and ICO, which libvips cannot read, are decoded once (in a worker,
 * after their declared sizes are checked) and reopened from their pixels for each output.
 */
async function opener(bytes: Uint8Array, format: ImageFormat): Promise<(animated: boolean) => Sharp> {
  if (format !== 'BMP' && format !== 'ICO') {
    return (animated) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' })
  }
  const decoded = await decodeLegacyImage(bytes, format, MAX_INPUT_PIXELS)
  const { data, info } = await decoded.ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
}

/** Widths of the variants: the standard ones narrower than the original, and the original's own (at most 1920). */
export function variantWidths(originalWidth: number): number[] {
  const largest = Math.min(originalWidth, MEDIA_VARIANT_WIDTHS.at(-1)!)
  return [...new Set([...MEDIA_VARIANT_WIDTHS.filter((width) => width < largest), largest])]
}

/**
 * The WebP variants and the share-preview crop of an uploaded image: upright (EXIF orientation
 * applied), without metadata (no camera or location data), never upscaled, animations kept. A still
 * image is decoded once, to its largest variant, and the rest are made from that in parallel.
 */
export async function processImage(bytes: Uint8Array, format: ImageFormat): Promise<ProcessedImage> {
  try {
    const open = await opener(bytes, format)
    const probe = await open(false).metadata()
    checkPixels(probe.width ?? 0, probe.pageHeight ?? probe.height ?? 0)
    const animated = (probe.pages ?? 1) > 1 && (format === 'GIF' || format === 'WebP')
    const upright = (probe.orientation ?? 1) >= 5
    const width = upright ? probe.height! : probe.width!
    const height = upright ? probe.width! : (probe.pageHeight ?? probe.height!)
    const widths = variantWidths(width)

    const base = animated
      ? null
      : await open(false)
          .rotate()
          .resize({ width: widths.at(-1)!, withoutEnlargement: true })
          .raw()
          .toBuffer({ resolveWithObject: true })
    const from = (keepAnimation: boolean) =>
      base
        ? sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } })
        : open(keepAnimation).rotate()
    const encode = async (suffix: string, image: Sharp): Promise<ProcessedFile> => {
      const { data, info } = await image.webp(WEBP).toBuffer({ resolveWithObject: true })
      return { suffix, width: info.width, height: info.pageHeight ?? info.height, bytes: data }
    }
    const files = await Promise.all([
      ...widths.map((target) =>
        encode(String(target), from(animated).resize({ width: target, withoutEnlargement: true })),
      ),
      encode('share', from(false).resize({ ...SHARE_IMAGE_SIZE, fit: 'cover', position: 'attention' })),
    ])
    return { width, height, files }
  } catch (error) {
    if (error instanceof ImageError) throw error
    if (error instanceof LegacyImageError) throw new ImageError(error.reason)
    if (/pixel limit/i.test(String(error))) throw new ImageError('tooManyPixels')
    throw new ImageError('unreadable')
  }
}

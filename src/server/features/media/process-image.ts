import decodeBmp from 'decode-bmp'
import decodeIco from 'decode-ico'
import sharp, { type Sharp } from 'sharp'
import { type ImageFormat, MEDIA_VARIANT_WIDTHS, SHARE_IMAGE_SIZE } from '../../../shared/media'

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

const int32 = (bytes: Uint8Array, offset: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt32(offset, true)
const uint32be = (bytes: Uint8Array, offset: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, false)

function checkPixels(width: number, height: number) {
  if (!(width > 0 && height > 0)) throw new ImageError('unreadable')
  if (width * height > MAX_INPUT_PIXELS) throw new ImageError('tooManyPixels')
}

/** BMP and ICO, which libvips cannot read, are decoded to RGBA here, after their declared sizes are checked. */
function decodeToRaw(bytes: Uint8Array, format: 'BMP' | 'ICO'): Sharp {
  if (bytes.length < 30) throw new ImageError('unreadable')
  if (format === 'BMP') {
    checkPixels(Math.abs(int32(bytes, 18)), Math.abs(int32(bytes, 22)))
    const bmp = decodeBmp(bytes)
    return sharp(Buffer.from(bmp.data.buffer, bmp.data.byteOffset, bmp.data.byteLength), {
      raw: { width: bmp.width, height: bmp.height, channels: 4 },
    })
  }
  const count = bytes[4]! | (bytes[5]! << 8)
  if (bytes.length < 6 + 16 * count) throw new ImageError('unreadable')
  for (let index = 0; index < count; index++) {
    const offset = int32(bytes, 6 + 16 * index + 12)
    if (offset < 0 || offset + 24 > bytes.length) throw new ImageError('unreadable')
    const png = bytes[offset] === 0x89 && bytes[offset + 1] === 0x50
    if (png) checkPixels(uint32be(bytes, offset + 16), uint32be(bytes, offset + 20))
    else checkPixels(Math.abs(int32(bytes, offset + 4)), Math.abs(int32(bytes, offset + 8)) / 2)
  }
  const largest = decodeIco(bytes).sort((a, b) => b.width * b.height - a.width * a.height)[0]
  if (!largest) throw new ImageError('unreadable')
  if (largest.type === 'png') return sharp(largest.data, { limitInputPixels: MAX_INPUT_PIXELS })
  return sharp(Buffer.from(largest.data.buffer, largest.data.byteOffset, largest.data.byteLength), {
    raw: { width: largest.width, height: largest.height, channels: 4 },
  })
}

function source(bytes: Uint8Array, format: ImageFormat, animated: boolean): Sharp {
  if (format === 'BMP' || format === 'ICO') return decodeToRaw(bytes, format)
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' })
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
    const probe = await source(bytes, format, false).metadata()
    checkPixels(probe.width ?? 0, probe.pageHeight ?? probe.height ?? 0)
    const animated = (probe.pages ?? 1) > 1 && (format === 'GIF' || format === 'WebP')
    const upright = (probe.orientation ?? 1) >= 5
    const width = upright ? probe.height! : probe.width!
    const height = upright ? probe.width! : (probe.pageHeight ?? probe.height!)
    const widths = variantWidths(width)

    const base = animated
      ? null
      : await source(bytes, format, false)
          .rotate()
          .resize({ width: widths.at(-1)!, withoutEnlargement: true })
          .raw()
          .toBuffer({ resolveWithObject: true })
    const from = (keepAnimation: boolean) =>
      base
        ? sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } })
        : source(bytes, format, keepAnimation).rotate()
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
    if (/pixel limit/i.test(String(error))) throw new ImageError('tooManyPixels')
    throw new ImageError('unreadable')
  }
}

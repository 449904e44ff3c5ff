/** Runs in the image process (image-process.ts) only: sharp and libvips never load in the server. */
import sharp, { type Metadata, type Sharp } from 'sharp'
import { type ImageFormat, MEDIA_ANIMATION_LIMITS, MEDIA_VARIANT_WIDTHS, SHARE_IMAGE_SIZE } from '../../../shared/media'
import { decodeLegacyImage, LegacyImageError } from './decode-legacy'
import { ImageError, type ImageShape, type ProcessedFile, type ProcessedImage } from './processed-image'

/** Larger images are refused before a pixel is decoded (a small file can declare a huge canvas). */
export const MAX_INPUT_PIXELS = 100_000_000
const MAX_ANIMATION_PIXELS = MEDIA_ANIMATION_LIMITS.megapixels * 1_000_000
const WEBP = { quality: 80, effort: 4 } as const

// Each upload is processed on its own; libvips' operation cache would only hold memory between uploads.
sharp.cache(false)
// One libvips thread per step (the default on glibc without jemalloc, but the number of cores elsewhere),
// and an image's steps run one after another (below): an image being processed takes one core, so the
// processing queue's concurrency is what processing takes from the site. Two threads per step were no
// faster here (a 24-megapixel JPEG, a 100-megapixel PNG, a 100-frame GIF; the GIF was slower).
sharp.concurrency(1)

const isLegacy = (format: ImageFormat): format is 'BMP' | 'ICO' => format === 'BMP' || format === 'ICO'

function shapeOf(metadata: Metadata, format: ImageFormat): ImageShape {
  const width = metadata.width ?? 0
  // Read without `animated`, `height` is one frame's and `pages` counts them all.
  const height = metadata.pageHeight ?? metadata.height ?? 0
  if (!(width > 0 && height > 0)) throw new ImageError('unreadable')
  if (width * height > MAX_INPUT_PIXELS) throw new ImageError('tooManyPixels')
  const frames = metadata.pages ?? 1
  const animated = frames > 1 && (format === 'GIF' || format === 'WebP')
  if (animated && (frames > MEDIA_ANIMATION_LIMITS.frames || frames * width * height > MAX_ANIMATION_PIXELS)) {
    throw new ImageError('tooManyFrames')
  }
  return { width, height, animated, orientation: metadata.orientation ?? 1 }
}

/**
 * Opens an upload for sharp. BMP and ICO, which libvips cannot read, are decoded once (in a worker,
 * after their declared sizes are checked) and reopened from their pixels for each output.
 */
async function opener(bytes: Uint8Array, format: ImageFormat): Promise<(animated: boolean) => Sharp> {
  if (!isLegacy(format)) {
    // Without `animated`, libvips reads the first frame only. With it, sharp's pixel limit counts every
    // frame: the animation's bound holds even if the headers read before were wrong.
    return (animated) =>
      sharp(bytes, {
        limitInputPixels: animated ? MAX_ANIMATION_PIXELS : MAX_INPUT_PIXELS,
        animated,
        failOn: 'error',
      })
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

/** Gives each step what is left of the time limit (sharp counts whole seconds), or refuses once none is. */
function timeLimit(seconds: number) {
  const deadline = performance.now() + seconds * 1000
  return (image: Sharp) => {
    const left = Math.ceil((deadline - performance.now()) / 1000)
    if (left <= 0) throw new ImageError('tooSlow')
    return image.timeout({ seconds: left })
  }
}

function asImageError(error: unknown): ImageError {
  if (error instanceof ImageError) return error
  if (error instanceof LegacyImageError) return new ImageError(error.reason)
  if (/pixel limit/i.test(String(error))) return new ImageError('tooManyPixels')
  // sharp's timeout: "timeout: 42% complete".
  if (/timeout:/.test(String(error))) return new ImageError('tooSlow')
  return new ImageError('unreadable')
}

async function refusingAsImageError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw asImageError(error)
  }
}

/** The files of an image whose size is known to be within bounds (`known`), or read here (BMP and ICO). */
async function makeFiles(
  bytes: Uint8Array,
  format: ImageFormat,
  known: ImageShape | null,
  seconds: number,
): Promise<ProcessedImage> {
  const limited = timeLimit(seconds)
  const open = await opener(bytes, format)
  const shape = known ?? shapeOf(await open(false).metadata(), format)
  const upright = shape.orientation >= 5
  const width = upright ? shape.height : shape.width
  const height = upright ? shape.width : shape.height
  const widths = variantWidths(width)

  const base = shape.animated
    ? null
    : await limited(
        open(false)
          .rotate()
          .resize({ width: widths.at(-1)!, withoutEnlargement: true })
          .raw(),
      ).toBuffer({ resolveWithObject: true })
  const from = (keepAnimation: boolean) =>
    base
      ? sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } })
      : open(keepAnimation).rotate()
  const outputs: [string, () => Sharp][] = [
    ...widths.map((target): [string, () => Sharp] => [
      String(target),
      () => from(shape.animated).resize({ width: target, withoutEnlargement: true }),
    ]),
    ['share', () => from(false).resize({ ...SHARE_IMAGE_SIZE, fit: 'cover', position: 'attention' })],
  ]
  const files: ProcessedFile[] = []
  // One after another, not in parallel: an image takes one core (see sharp.concurrency above).
  for (const [suffix, image] of outputs) {
    const { data, info } = await limited(image().webp(WEBP)).toBuffer({ resolveWithObject: true })
    files.push({ suffix, width: info.width, height: info.pageHeight ?? info.height, bytes: data })
  }
  return { width, height, files }
}

/**
 * What an image's headers say of its size, checked against the bounds (frames × pixels for an animation)
 * before it waits for a turn, so an image too large to process is refused at once and never decoded. BMP
 * and ICO are read by decoding them, so their declared sizes are checked in their turn (null here).
 */
export function readShape(bytes: Uint8Array, format: ImageFormat): Promise<ImageShape | null> {
  if (isLegacy(format)) return Promise.resolve(null)
  return refusingAsImageError(async () =>
    shapeOf(await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata(), format),
  )
}

/**
 * The WebP variants and the share-preview crop of an uploaded image: upright (EXIF orientation
 * applied), without metadata (no camera or location data), never upscaled, animations kept. A still image
 * is decoded once, to its largest variant, and the rest are made from that.
 */
export function makeImageFiles(
  bytes: Uint8Array,
  format: ImageFormat,
  known: ImageShape | null,
  seconds: number,
): Promise<ProcessedImage> {
  return refusingAsImageError(() => makeFiles(bytes, format, known, seconds))
}

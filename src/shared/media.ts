/**
 * Uploaded images (design §2 "Media"): what is accepted, the sizes made of it and its URLs. Shared by the
 * upload API, the editor's picker and the pages that show media.
 */

export const MEDIA_UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024

/** The image formats an upload may be, recognised by their bytes; `types` is what the file picker offers. */
export const ACCEPTED_IMAGES = [
  { name: 'PNG', types: ['image/png'] },
  { name: 'JPEG', types: ['image/jpeg'] },
  { name: 'GIF', types: ['image/gif'] },
  { name: 'WebP', types: ['image/webp'] },
  { name: 'AVIF', types: ['image/avif'] },
  { name: 'BMP', types: ['image/bmp'] },
  { name: 'ICO', types: ['image/x-icon', 'image/vnd.microsoft.icon'] },
] as const

export type ImageFormat = (typeof ACCEPTED_IMAGES)[number]['name']

export const ACCEPTED_IMAGE_TYPES: string[] = ACCEPTED_IMAGES.flatMap((format) => [...format.types])

/** Widths of the WebP variants made of every upload (never wider than the original). */
export const MEDIA_VARIANT_WIDTHS = [480, 800, 1200, 1920] as const

/** The share-preview crop (Open Graph's recommended size). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const

/**
 * An animation is decoded and encoded frame by frame at every variant width, so what it costs grows with
 * all its frames' pixels together, and a few kilobytes can declare a long animation: 90 frames of
 * 1000 × 1000 took 5 s here with the machine otherwise idle (9 s of CPU), 12–31 s under load. 25
 * megapixels in all frames (a phone photo's worth: 100 frames of 500 × 500, or 10 s of a 480 × 270 GIF
 * at 15 frames a second) takes about 2 s; each frame also costs about 0.25 ms whatever its size, hence a
 * bound on frames too.
 */
export const MEDIA_ANIMATION_LIMITS = { frames: 1000, megapixels: 25 } as const

/** The variant used as `src` where no `srcset` choice is made: the largest up to this width. */
export const DEFAULT_MEDIA_WIDTH = 1200

export const MEDIA_MESSAGES = {
  wrongType: `Upload an image: ${ACCEPTED_IMAGES.map((format) => format.name).join(', ')}.`,
  tooLarge: `The file is too large (at most ${MEDIA_UPLOAD_LIMIT_BYTES / 1024 / 1024} MB).`,
  noFile: 'Choose a file to upload (form field "file").',
  unreadable: 'The image could not be read; it may be damaged.',
  tooManyPixels: 'The image has too many pixels to process (at most 100 megapixels).',
  tooManyFrames: `The animation is too large to process: at most ${MEDIA_ANIMATION_LIMITS.frames} frames and ${MEDIA_ANIMATION_LIMITS.megapixels} megapixels in all its frames together (100 frames of 500 × 500, say).`,
  tooSlow: 'The image took too long to process; try a smaller one.',
  busy: 'Other images are being processed right now; try again in a moment.',
  inUse: 'This image is used by a post; remove it from the post first.',
  notFound: 'Media not found',
} as const

export interface MediaVariant {
  width: number
  url: string
}

/** An upload as the API answers it: the default URL, the size of the (upright) original and its variants. */
export interface MediaUpload {
  id: number
  url: string
  width: number
  height: number
  alt: string
  variants: MediaVariant[]
}

/** An upload as the administrator's media list shows it. */
export interface MediaListItem extends MediaUpload {
  originalName: string
  format: string
  /** Bytes of the upload as received, and of every file made of it. */
  originalSize: number
  storedSize: number
  createdAt: string
  usedBy: { id: number; title: string; slug: string }[]
}

/** What a page needs to show an uploaded image well, resolved when the post is saved. */
export interface MediaImageInfo {
  hash: string
  alt: string
  /** Of the upright original, for the aspect ratio. */
  width: number
  height: number
  variants: MediaVariant[]
  share: { url: string; width: number; height: number }
}

const MEDIA_PREFIX = '/media/'
const MEDIA_URL = /^\/media\/([0-9a-f]{24})-(\d+|share)\.webp$/

export const mediaVariantUrl = (hash: string, width: number) => `${MEDIA_PREFIX}${hash}-${width}.webp`
export const mediaShareUrl = (hash: string) => `${MEDIA_PREFIX}${hash}-share.webp`

/** The upload a path on this site points at, or null for any other address. */
export const mediaHashOf = (url: string): string | null => MEDIA_URL.exec(url.trim())?.[1] ?? null

/** Every upload an HTML text refers to. */
export function mediaHashesIn(html: string): string[] {
  return [...new Set([...html.matchAll(/\/media\/([0-9a-f]{24})-(?:\d+|share)\.webp/g)].map((match) => match[1]!))]
}

/** `srcset` of an upload's variants. */
export const mediaSrcSet = (variants: MediaVariant[]) => variants.map((v) => `${v.url} ${v.width}w`).join(', ')

/** The height a picture shows at `width`, in the proportions of its upright original. */
export const heightAt = (width: number, original: { width: number; height: number }) =>
  Math.round((width * original.height) / original.width)

/** The variant for `src`: the largest not wider than DEFAULT_MEDIA_WIDTH (or the smallest there is). */
export function defaultVariant(variants: MediaVariant[]): MediaVariant {
  const fitting = variants.filter((v) => v.width <= DEFAULT_MEDIA_WIDTH)
  return fitting.at(-1) ?? variants[0]!
}

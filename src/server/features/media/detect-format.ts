import type { ImageFormat } from '../../../shared/media'

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte)
const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))

/** The AVIF brands an ISO-BMFF `ftyp` box may carry, as major or compatible brand. */
const AVIF_BRANDS = new Set(['avif', 'avis'])

function isAvif(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 8) !== 'ftyp') return false
  const boxSize = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length)
  if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return true
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    if (AVIF_BRANDS.has(ascii(bytes, offset, offset + 4))) return true
  }
  return false
}

/**
 * The image format of a file by its first bytes (its signature), whatever its name or declared type
 * says; null when it is none of the accepted formats.
 */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'JPEG'
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'GIF'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'WebP'
  if (isAvif(bytes)) return 'AVIF'
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length > 26) return 'BMP'
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && (bytes[4]! | (bytes[5]! << 8)) > 0) return 'ICO'
  return null
}

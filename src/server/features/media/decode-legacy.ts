import sharp, { type Sharp } from 'sharp'
import { serverSource } from '../../repo-paths'
import type { DecodeRequest, DecodeResponse } from './decode-legacy.worker'

/** BMP and icon images are decoded in JavaScript, so they are held to a smaller canvas than libvips' formats. */
export const LEGACY_MAX_PIXELS = 25_000_000
/** Icons hold a few small images; more entries than this is not an icon anyone draws. */
const MAX_ICON_ENTRIES = 16
const MAX_ICON_SIDE = 1024
const DECODE_TIMEOUT_MS = 10_000

export class LegacyImageError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooManyPixels') {
    super(reason)
  }
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** Runs the decoder in a worker that is ended afterwards, so its memory goes with it. */
function decodeInWorker(request: DecodeRequest): Promise<{ width: number; height: number; data: Uint8Array }> {
  const worker = new Worker(serverSource('features/media/decode-legacy.worker.ts'))
  return new Promise<{ width: number; height: number; data: Uint8Array }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LegacyImageError('unreadable')), DECODE_TIMEOUT_MS)
    worker.onmessage = (event: MessageEvent<DecodeResponse>) => {
      clearTimeout(timer)
      if (event.data.ok) resolve(event.data)
      else reject(new LegacyImageError('unreadable'))
    }
    worker.onerror = () => {
      clearTimeout(timer)
      reject(new LegacyImageError('unreadable'))
    }
    worker.postMessage(request)
  }).finally(() => worker.terminate())
}

const raw = ({ width, height, data }: { width: number; height: number; data: Uint8Array }) =>
  sharp(data, { raw: { width, height, channels: 4 } })

function checkCanvas(width: number, height: number, maxPixels = LEGACY_MAX_PIXELS) {
  if (!(width > 0 && height > 0)) throw new LegacyImageError('unreadable')
  if (width * height > maxPixels) throw new LegacyImageError('tooManyPixels')
}

/** A BMP file, bottom-up or top-down (a negative height), after its declared size is checked. */
async function decodeBmpFile(bytes: Uint8Array): Promise<Sharp> {
  if (bytes.length < 54) throw new LegacyImageError('unreadable')
  const width = view(bytes).getInt32(18, true)
  const height = view(bytes).getInt32(22, true)
  checkCanvas(width, Math.abs(height))
  if (height > 0) return raw(await decodeInWorker({ bytes, icon: false }))
  // The decoder reads rows bottom-up only: a top-down file is read as bottom-up, then flipped back.
  const copy = Uint8Array.from(bytes)
  view(copy).setInt32(22, -height, true)
  return raw(await decodeInWorker({ bytes: copy, icon: false })).flip()
}

/** An icon: its directory is read here, and only its largest image is decoded (whatever the others claim). */
async function decodeIcon(bytes: Uint8Array, maxPixels: number): Promise<Sharp> {
  const count = bytes.length >= 6 ? view(bytes).getUint16(4, true) : 0
  if (count === 0 || count > MAX_ICON_ENTRIES || bytes.length < 6 + 16 * count) throw new LegacyImageError('unreadable')
  const entries = Array.from({ length: count }, (_, index) => {
    const size = view(bytes).getUint32(6 + 16 * index + 8, true)
    const offset = view(bytes).getUint32(6 + 16 * index + 12, true)
    if (offset + Math.max(size, 40) > bytes.length) throw new LegacyImageError('unreadable')
    const image = bytes.subarray(offset, offset + size)
    const png = image[0] === 0x89 && image[1] === 0x50
    const width = png ? view(image).getUint32(16, false) : Math.abs(view(image).getInt32(4, true))
    const height = png ? view(image).getUint32(20, false) : Math.abs(view(image).getInt32(8, true)) / 2
    if (!png && (width > MAX_ICON_SIDE || height > MAX_ICON_SIDE)) throw new LegacyImageError('tooManyPixels')
    return { image, png, width, height }
  })
  const largest = entries.sort((a, b) => b.width * b.height - a.width * a.height)[0]!
  checkCanvas(largest.width, largest.height, largest.png ? maxPixels : LEGACY_MAX_PIXELS)
  if (largest.png) return sharp(largest.image, { limitInputPixels: maxPixels })
  return raw(await decodeInWorker({ bytes: largest.image, icon: true }))
}

/** BMP and ICO, which libvips cannot read, as images sharp can process. */
export function decodeLegacyImage(bytes: Uint8Array, format: 'BMP' | 'ICO', maxPixels: number): Promise<Sharp> {
  return format === 'BMP' ? decodeBmpFile(bytes) : decodeIcon(bytes, maxPixels)
}

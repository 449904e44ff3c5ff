import { deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** A photo-like picture (gradients and noise, so it compresses like a photo), as raw RGB. */
function photoPixels(width: number, height: number, seed = 1) {
  const pixels = Buffer.alloc(width * height * 3)
  let x = seed
  for (let i = 0; i < pixels.length; i += 3) {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    const p = i / 3
    const noise = x % 64
    pixels[i] = ((p % width) * 200) / width + noise
    pixels[i + 1] = (Math.floor(p / width) * 200) / height + noise
    pixels[i + 2] = 120 + (noise >> 1)
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
}

/** A JPEG as a phone writes it: EXIF orientation, camera and GPS position included. */
export async function cameraJpeg(
  options: { width?: number; height?: number; orientation?: number; quality?: number; seed?: number } = {},
): Promise<Buffer> {
  const { width = 1200, height = 800, orientation = 1, quality = 90, seed = 1 } = options
  return photoPixels(width, height, seed)
    .jpeg({ quality })
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'Phone 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4000/100',
      },
    })
    .toBuffer()
}

/** Whether EXIF data holds a GPS position (the GPSInfo pointer, tag 0x8825, in either byte order). */
export function hasGpsPosition(exif: Buffer | undefined): boolean {
  return Boolean(exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))))
}

export const png = (width = 640, height = 480) => photoPixels(width, height).png().toBuffer()
export const webp = (width = 640, height = 480) => photoPixels(width, height).webp().toBuffer()
export const avif = (width = 320, height = 240) => photoPixels(width, height).avif({ effort: 0 }).toBuffer()

/** A two-frame animated GIF. */
export async function animatedGif(width = 200, height = 100): Promise<Buffer> {
  const frame = (red: number) => Buffer.alloc(width * height * 4, 0).fill(Buffer.from([red, 40, 90, 255]))
  return sharp(Buffer.concat([frame(250), frame(20)]), {
    raw: { width, height: height * 2, channels: 4, pageHeight: height },
  })
    .gif({ loop: 0, delay: [200, 200] })
    .toBuffer()
}

/**
 * A GIF written here, not by sharp (whose encoder takes seconds for big animations): `frames` frames on a
 * `width` × `height` canvas, each either a single pixel (`fill: 'pixel'`: a few bytes per frame declaring
 * as long an animation as any) or the whole canvas of noise (`fill: 'noise'`: as costly to process as a
 * frame can be), stored without compression (8-bit codes, a clear code every 100) so writing it is quick.
 */
export function handmadeGif(width: number, height: number, frames: number, fill: 'pixel' | 'noise'): Buffer {
  const parts: Buffer[] = []
  const screen = Buffer.alloc(13)
  screen.write('GIF89a', 0, 'ascii')
  screen.writeUInt16LE(width, 6)
  screen.writeUInt16LE(height, 8)
  // A global palette of 128 colours: codes are 7-bit pixels, and with a clear code every 100 they stay 8 bits wide.
  screen[10] = 0x80 | 6
  parts.push(screen)
  let seed = 7
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed >> 8
  }
  parts.push(Buffer.from(Array.from({ length: 128 * 3 }, () => random() & 255)))
  parts.push(Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0x00, 0x00, 0x00]))
  const [frameWidth, frameHeight] = fill === 'pixel' ? [1, 1] : [width, height]
  for (let frame = 0; frame < frames; frame++) {
    // 50 ms a frame, drawn over the one before.
    parts.push(Buffer.from([0x21, 0xf9, 0x04, 0x04, 5, 0, 0, 0]))
    const descriptor = Buffer.alloc(10)
    descriptor[0] = 0x2c
    descriptor.writeUInt16LE(frame % width, 1)
    descriptor.writeUInt16LE(frameWidth, 5)
    descriptor.writeUInt16LE(frameHeight, 7)
    parts.push(descriptor)
    const pixels = frameWidth * frameHeight
    const codes = Buffer.alloc(pixels + Math.ceil(pixels / 100) + 1)
    let at = 0
    for (let pixel = 0; pixel < pixels; pixel++) {
      if (pixel % 100 === 0) codes[at++] = 128
      codes[at++] = fill === 'pixel' ? frame % 128 : random() & 127
    }
    codes[at++] = 129
    const blocks = [Buffer.from([7])]
    for (let start = 0; start < at; start += 255) {
      const block = codes.subarray(start, Math.min(start + 255, at))
      blocks.push(Buffer.from([block.length]), block)
    }
    blocks.push(Buffer.from([0]))
    parts.push(...blocks)
  }
  parts.push(Buffer.from([0x3b]))
  return Buffer.concat(parts)
}

/**
 * An uncompressed 24-bit BMP whose upper half is red and lower half blue, stored bottom-up (the usual
 * way) or top-down (a negative height).
 */
export function bmp(width = 64, height = 48, { topDown = false } = {}): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4
  const size = 54 + row * height
  const file = Buffer.alloc(size)
  file.write('BM', 0, 'ascii')
  file.writeUInt32LE(size, 2)
  file.writeUInt32LE(54, 10)
  file.writeUInt32LE(40, 14)
  file.writeInt32LE(width, 18)
  file.writeInt32LE(topDown ? -height : height, 22)
  file.writeUInt16LE(1, 26)
  file.writeUInt16LE(24, 28)
  file.writeUInt32LE(row * height, 34)
  for (let y = 0; y < height; y++) {
    // Pixels are blue, green, red; a bottom-up file stores its last row first.
    const upper = topDown ? y < height / 2 : y >= height / 2
    for (let x = 0; x < width; x++) file.set(upper ? [0, 0, 220] : [220, 0, 0], 54 + y * row + x * 3)
  }
  return file
}

/** An icon whose directory lists `count` entries that all point at the same bitmap (many: an icon bomb). */
export function iconBomb(count: number, side = 256): Buffer {
  const header = Buffer.alloc(6 + 16 * count)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(count, 4)
  // A 1-bit bitmap: header, a two-colour palette, then the picture and its transparency mask.
  const image = Buffer.alloc(40 + 8 + Math.ceil(side / 32) * 4 * side * 2)
  image.writeUInt32LE(40, 0)
  image.writeInt32LE(side, 4)
  image.writeInt32LE(side * 2, 8)
  image.writeUInt16LE(1, 12)
  image.writeUInt16LE(1, 14)
  image.writeUInt32LE(2, 32)
  image.set([255, 255, 255, 0], 44)
  for (let index = 0; index < count; index++) {
    header.writeUInt32LE(image.length, 6 + 16 * index + 8)
    header.writeUInt32LE(header.length, 6 + 16 * index + 12)
  }
  return Buffer.concat([header, image])
}

/** An icon holding one PNG image. */
export async function ico(size = 32): Promise<Buffer> {
  const image = await photoPixels(size, size).png().toBuffer()
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(1, 4)
  header.writeUInt8(size, 6)
  header.writeUInt8(size, 7)
  header.writeUInt16LE(1, 10)
  header.writeUInt16LE(32, 12)
  header.writeUInt32LE(image.length, 14)
  header.writeUInt32LE(22, 18)
  return Buffer.concat([header, image])
}

/** A few hundred bytes that declare a 50,000 × 50,000 PNG (a decompression bomb). */
export function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(50_000, 0)
  header.writeUInt32BE(50_000, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** A multipart upload as a browser's form would send it. */
export function uploadForm(
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  type = 'application/octet-stream',
  alt?: string,
) {
  const form = new FormData()
  form.append('file', new File([bytes], name, { type }))
  if (alt !== undefined) form.append('alt', alt)
  return form
}

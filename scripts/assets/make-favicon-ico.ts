/**
 * Writes public/favicon.ico from public/favicon.svg: 16, 32 and 48 px PNGs in one ICO, for the clients
 * that ask for /favicon.ico by name (feed readers, crawlers, older browsers) rather than reading the
 * page's <link rel="icon">.
 *
 *   bun scripts/assets/make-favicon-ico.ts
 */
import { join } from 'node:path'
import sharp from 'sharp'

const PUBLIC = join(import.meta.dir, '..', '..', 'public')
const SIZES = [16, 32, 48]

/** An ICO holding PNG images (supported by every browser since Windows Vista's icon format). */
export function icoOf(images: { size: number; png: Uint8Array }[]): Uint8Array {
  const header = 6 + 16 * images.length
  const ico = new Uint8Array(header + images.reduce((sum, image) => sum + image.png.byteLength, 0))
  const view = new DataView(ico.buffer)
  view.setUint16(2, 1, true) // type: icon
  view.setUint16(4, images.length, true)
  let offset = header
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i
    view.setUint8(entry, size % 256) // 0 means 256
    view.setUint8(entry + 1, size % 256)
    view.setUint16(entry + 4, 1, true) // colour planes
    view.setUint16(entry + 6, 32, true) // bits per pixel
    view.setUint32(entry + 8, png.byteLength, true)
    view.setUint32(entry + 12, offset, true)
    ico.set(png, offset)
    offset += png.byteLength
  })
  return ico
}

if (import.meta.main) {
  const svg = await Bun.file(join(PUBLIC, 'favicon.svg')).bytes()
  const images = await Promise.all(
    SIZES.map(async (size) => ({
      size,
      png: new Uint8Array(
        await sharp(svg, { density: 72 * (size / 64) * 4 })
          .resize(size, size)
          .png({ compressionLevel: 9, palette: false })
          .toBuffer(),
      ),
    })),
  )
  const ico = icoOf(images)
  await Bun.write(join(PUBLIC, 'favicon.ico'), ico)
  console.log(`public/favicon.ico: ${SIZES.join(', ')} px, ${ico.byteLength} bytes`)
}

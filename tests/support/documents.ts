import { constants, deflateRawSync } from 'node:zlib'
import * as CFB from 'cfb'
import { strToU8, unzipSync, zipSync } from 'fflate'

/**
 * Small but real documents of each résumé format, made here so the upload tests send what a word
 * processor would: a PDF with a page and a cross-reference table, a DOCX and an ODT zip package with
 * their required parts, a DOC compound file with its WordDocument stream, and an RTF document.
 */

export function tinyPdf(text = 'Ada Lovelace, analyst'): Uint8Array<ArrayBuffer> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 12 Tf 20 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 20 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(body)
}

export function tinyDocx(text = 'Ada Lovelace'): Uint8Array<ArrayBuffer> {
  const main = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'
  return zipSync({
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${main}"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    ),
  })
}

export function tinyOdt(
  text = 'Ada Lovelace',
  mimetype = 'application/vnd.oasis.opendocument.text',
): Uint8Array<ArrayBuffer> {
  return zipSync({
    // First and uncompressed, as OpenDocument requires.
    mimetype: [strToU8(mimetype), { level: 0 }],
    'META-INF/manifest.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimetype}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    ),
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:text><text:p>${text}</text:p></office:text></office:body></office:document-content>`,
    ),
  })
}

/** A compound file with a WordDocument stream (its FIB's magic number first), or, named otherwise, a workbook. */
export function tinyDoc(stream = 'WordDocument'): Uint8Array<ArrayBuffer> {
  const container = CFB.utils.cfb_new()
  const fib = new Uint8Array(1024)
  fib.set([0xec, 0xa5, 0xc1, 0x00])
  CFB.utils.cfb_add(container, `/${stream}`, fib)
  CFB.utils.cfb_add(container, '/1Table', new Uint8Array(512))
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Uint8Array)
}

export const tinyRtf = (text = 'Ada Lovelace') =>
  new TextEncoder().encode(`{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}\\f0\\fs24 ${text}\\par}`)

/** The first bytes of a Linux and of a Windows executable, followed by padding. */
export const elfExecutable = () => new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(120).fill(0)])
export const windowsExecutable = () => new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 3, 0, 0, 0, ...new Array(120).fill(0)])

/**
 * Raw deflate data that inflates to `bytes` zeros, made a megabyte at a time: each megabyte is deflated on
 * its own and flushed without ending the stream, and an empty final block ends it.
 */
function deflatedZeros(bytes: number): Uint8Array {
  const megabyte = deflateRawSync(new Uint8Array(Math.min(bytes, 1024 * 1024)), { finishFlush: constants.Z_SYNC_FLUSH })
  const parts: Uint8Array[] = []
  for (let left = bytes; left > 0; left -= 1024 * 1024)
    parts.push(
      left >= 1024 * 1024 ? megabyte : deflateRawSync(new Uint8Array(left), { finishFlush: constants.Z_SYNC_FLUSH }),
    )
  parts.push(new Uint8Array([0x03, 0x00]))
  return Buffer.concat(parts)
}

/**
 * A zip bomb dressed as a DOCX: the Word parts of `tinyDocx`, and a `mimetype` entry of `inflatedBytes`
 * zeros whose local header and directory entry claim `declaredBytes` (39 by default, as a real mimetype
 * would). At the defaults the file is about 130 KB and inflates to 128 MB.
 */
export function zipBombDocx({
  inflatedBytes = 128 * 1024 * 1024,
  declaredBytes = 39,
}: {
  inflatedBytes?: number
  declaredBytes?: number
} = {}): Uint8Array<ArrayBuffer> {
  // Stored as it is, then marked as deflated: fflate cannot take deflate data made elsewhere.
  const bytes = zipSync({ mimetype: [deflatedZeros(inflatedBytes), { level: 0 }], ...unzipSync(tinyDocx()) })
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const name = strToU8('mimetype')
  const named = (at: number) => name.every((byte, i) => bytes[at + i] === byte)
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const signature = view.getUint32(at, true)
    // Local header: method at 8, uncompressed size at 22, name at 30. Directory entry: 10, 24 and 46.
    if (signature === 0x04034b50 && named(at + 30)) {
      view.setUint16(at + 8, 8, true)
      view.setUint32(at + 22, declaredBytes, true)
    }
    if (signature === 0x02014b50 && named(at + 46)) {
      view.setUint16(at + 10, 8, true)
      view.setUint32(at + 24, declaredBytes, true)
    }
  }
  return bytes
}

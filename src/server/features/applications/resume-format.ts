import { unzipSync } from 'fflate'
import { RESUME_FORMATS, type ResumeFormat } from '../../../shared/resume-file'

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte)
const ascii = (bytes: Uint8Array, length: number) => String.fromCharCode(...bytes.subarray(0, length))

/** The OLE2 compound file signature (DOC, but also XLS, PPT and MSI installers). */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ZIP = [0x50, 0x4b, 0x03, 0x04]
/** A Word document's compound file has a stream of this name; its directory stores names in UTF-16LE. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le')
const ODT_MIMETYPE = 'application/vnd.oasis.opendocument.text'

/** More entries than any document has: a résumé's archive holds a few dozen. */
const MAX_ZIP_ENTRIES = 5000
/** The smallest central-directory entry, in bytes. */
const DIRECTORY_ENTRY_BYTES = 46

/**
 * Whether the archive's end record declares a directory the file can hold. The unzipper walks as many
 * entries as that record claims, so a 128-byte file claiming billions (zip64) would hold the process for
 * hours; documents never need zip64.
 */
function plausibleDirectory(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // The end record (PK 5 6) is in the last 22 bytes plus at most a 64 KiB comment.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65_557); at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue
    const entries = view.getUint16(at + 10, true)
    const offset = view.getUint32(at + 16, true)
    return entries !== 0xffff && offset !== 0xffffffff && entries * DIRECTORY_ENTRY_BYTES <= bytes.length
  }
  return false
}

/**
 * DOCX and ODT are zip archives: DOCX by its `[Content_Types].xml` and `word/` parts, ODT by the
 * `mimetype` entry it must carry. Only the archive's directory is read and that one tiny entry
 * inflated, so a zip bomb costs nothing.
 */
function zipDocument(bytes: Uint8Array): ResumeFormat | null {
  if (!plausibleDirectory(bytes)) return null
  const names = new Set<string>()
  let mimetype = ''
  try {
    const inflated = unzipSync(bytes, {
      filter: (file) => {
        names.add(file.name)
        if (names.size > MAX_ZIP_ENTRIES) throw new Error('too many entries')
        return file.name === 'mimetype' && file.originalSize <= 100
      },
    })
    if (inflated.mimetype) mimetype = new TextDecoder().decode(inflated.mimetype).trim()
  } catch {
    return null
  }
  if (mimetype === ODT_MIMETYPE) return 'odt'
  if (names.has('[Content_Types].xml') && [...names].some((name) => name.startsWith('word/'))) return 'docx'
  return null
}

/**
 * The document format of a résumé file by its bytes, whatever its name or declared type says; null for
 * anything else (an executable named cv.pdf, a spreadsheet, an image).
 */
export function detectResumeFormat(bytes: Uint8Array): ResumeFormat | null {
  if (ascii(bytes, 5) === '%PDF-') return 'pdf'
  if (ascii(bytes, 5) === '{\\rtf') return 'rtf'
  if (startsWith(bytes, OLE2)) return Buffer.from(bytes).includes(WORD_STREAM) ? 'doc' : null
  if (startsWith(bytes, ZIP)) return zipDocument(bytes)
  return null
}

/**
 * The applicant's file name made safe to store and to offer for download: no folders, no control or
 * reserved characters, at most 80 characters, and the extension of the format its bytes are.
 */
export function safeResumeFileName(original: string, format: ResumeFormat): string {
  const base = [
    ...(original.split(/[/\\]/).pop() ?? '')
      .normalize('NFC')
      .replace(/\p{Cc}|\p{Cf}|["*:<>?|]/gu, '')
      .replace(/\.[^.]*$/, '')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+|[\s.]+$/g, ''),
  ]
    .slice(0, 80)
    .join('')
  return `${base || 'resume'}.${RESUME_FORMATS[format].extension}`
}

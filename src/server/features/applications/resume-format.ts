import { RESUME_FORMATS, type ResumeFormat } from '../../../shared/resume-file'

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte)
const ascii = (bytes: Uint8Array, length: number) => String.fromCharCode(...bytes.subarray(0, length))

/** The OLE2 compound file signature (DOC, but also XLS, PPT and MSI installers). */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ZIP = [0x50, 0x4b, 0x03, 0x04]
/** A Word document's compound file has a stream of this name; its directory stores names in UTF-16LE. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le')
/** Whether the bytes begin as a zip archive does (DOCX and ODT are zip archives). */
export const isZipArchive = (bytes: Uint8Array) => startsWith(bytes, ZIP)

/**
 * The format of a résumé file that is not a zip archive, by its bytes, whatever its name or declared type
 * says; null for anything else (an executable named cv.pdf, a spreadsheet, an image, or a zip archive,
 * which resume-check.ts inspects off the main thread).
 */
export function detectResumeFormat(bytes: Uint8Array): ResumeFormat | null {
  if (ascii(bytes, 5) === '%PDF-') return 'pdf'
  if (ascii(bytes, 5) === '{\\rtf') return 'rtf'
  if (startsWith(bytes, OLE2)) return Buffer.from(bytes).includes(WORD_STREAM) ? 'doc' : null
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

import { describe, expect, test } from 'bun:test'
import { tinyDocx } from '../../../../tests/support/documents'
import { attachmentDisposition } from '../../http/content-disposition'
import { detectResumeFormat, isZipArchive, safeResumeFileName } from './resume-format'
import { inspectZipDocument } from './zip-document'

describe('detectResumeFormat', () => {
  test('a zip archive is not decided here: it is inspected off the main thread (zip-document.ts)', () => {
    expect(isZipArchive(tinyDocx())).toBe(true)
    expect(detectResumeFormat(tinyDocx())).toBeNull()
  })

  test('a bare signature is nothing', () => {
    expect(detectResumeFormat(new TextEncoder().encode('%PDF'))).toBeNull()
  })

  test('a tiny archive that claims billions of entries (zip64) is refused at once, not walked for hours', async () => {
    // A local header, a zip64 end record claiming 4 billion entries, its locator, and a classic end record.
    const bytes = new Uint8Array(128)
    const view = new DataView(bytes.buffer)
    view.setUint32(0, 0x04034b50, true)
    view.setUint32(30, 0x06064b50, true)
    view.setBigUint64(30 + 24, 4_000_000_000n, true)
    view.setBigUint64(30 + 32, 4_000_000_000n, true)
    view.setUint32(86, 0x07064b50, true)
    view.setBigUint64(86 + 8, 30n, true)
    view.setUint32(106, 0x06054b50, true)
    view.setUint16(106 + 8, 0xffff, true)
    view.setUint16(106 + 10, 0xffff, true)
    view.setUint32(106 + 16, 0xffffffff, true)
    expect(await inspectZipDocument(bytes)).toBeNull()
  })
})

describe('safeResumeFileName', () => {
  test.each([
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['C:\\Users\\ada\\CV.PDF', 'pdf', 'CV.pdf'],
    ['cv.exe', 'docx', 'cv.docx'],
    ['my\u0000cv\r\n<draft>?.pdf', 'pdf', 'mycvdraft.pdf'],
    ['...', 'rtf', 'resume.rtf'],
    ['', 'odt', 'resume.odt'],
    ['Lebenslauf Müller.doc', 'doc', 'Lebenslauf Müller.doc'],
    [`${'é'.repeat(200)}.pdf`, 'pdf', `${'é'.repeat(80)}.pdf`],
  ] as const)('%j as %s → %j', (original, format, safe) => {
    expect(safeResumeFileName(original, format)).toBe(safe)
  })
})

test('attachmentDisposition: an ASCII fallback and the UTF-8 name (RFC 6266 / 8187)', () => {
  expect(attachmentDisposition('Lebenslauf Müller.doc')).toBe(
    `attachment; filename="Lebenslauf Mueller.doc"; filename*=UTF-8''Lebenslauf%20M%C3%BCller.doc`,
  )
  expect(attachmentDisposition("O'Brien (CV).pdf")).toBe(
    `attachment; filename="O'Brien (CV).pdf"; filename*=UTF-8''O%27Brien%20%28CV%29.pdf`,
  )
  expect(attachmentDisposition('履歴書.pdf')).toBe(
    `attachment; filename="___.pdf"; filename*=UTF-8''%E5%B1%A5%E6%AD%B4%E6%9B%B8.pdf`,
  )
})

import { expect, test } from 'bun:test'
import { strToU8, zipSync } from 'fflate'
import { tinyDocx, tinyOdt, zipBombDocx } from '../../../../tests/support/documents'
import { checkResumeFormat } from './resume-check'
import { inspectZipDocument, ZIP_LIMITS } from './zip-document'

const MB = 1024 * 1024
/** Bytes no compressor can shrink, as a photo in a document is. */
const noise = (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes))

test('a DOCX and an ODT are known by their parts, a workbook package is not a document', async () => {
  expect(await inspectZipDocument(tinyDocx())).toBe('docx')
  expect(await inspectZipDocument(tinyOdt())).toBe('odt')
  const workbook = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/workbook.xml': strToU8('<workbook/>') })
  expect(await inspectZipDocument(workbook)).toBeNull()
})

test('a damaged archive or a bare signature is nothing', async () => {
  expect(await inspectZipDocument(tinyDocx().subarray(0, 40))).toBeNull()
  expect(await inspectZipDocument(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBeNull()
})

test('an entry that inflates past the size it declares is refused: the 39-byte mimetype that is 128 MB', async () => {
  expect(await inspectZipDocument(zipBombDocx())).toBeNull()
  // The same archive with the entry's true size in it is a document: the lie is what refuses it.
  expect(await inspectZipDocument(zipBombDocx({ inflatedBytes: 39, declaredBytes: 39 }))).toBe('docx')
})

test('declared sizes are bounded before anything inflates: an entry, all entries, and the ratio', async () => {
  // Honest about its 128 MB: past one entry's bound.
  expect(await inspectZipDocument(zipBombDocx({ inflatedBytes: 128 * MB, declaredBytes: 128 * MB }))).toBeNull()
  // 2 MB of zeros in about 2 KB: past the ratio a document's XML reaches.
  expect(await inspectZipDocument(zipBombDocx({ inflatedBytes: 2 * MB, declaredBytes: 2 * MB }))).toBeNull()
  // Each entry within its bound, all of them past the total.
  const limits = { ...ZIP_LIMITS, entryBytes: 2 * MB, totalBytes: 3 * MB }
  const parts = Object.fromEntries([1, 2].map((n) => [`word/media/photo${n}.png`, noise(2 * MB - 1)]))
  const photos = zipSync({ ...parts, '[Content_Types].xml': strToU8('<Types/>') })
  expect(await inspectZipDocument(photos, limits)).toBeNull()
  expect(await inspectZipDocument(photos, { ...limits, entryBytes: MB, totalBytes: 5 * MB })).toBeNull()
  expect(await inspectZipDocument(photos, { ...limits, totalBytes: 5 * MB })).toBe('docx')
})

test('a real document with photos passes: pictures hardly compress, and small parts may compress well', async () => {
  const docx = zipSync({
    '[Content_Types].xml': strToU8(`<Types>${'<Default Extension="xml"/>'.repeat(2000)}</Types>`),
    'word/document.xml': strToU8(`<w:document>${'<w:p><w:r><w:t>Ada</w:t></w:r></w:p>'.repeat(20_000)}</w:document>`),
    'word/media/image1.jpeg': noise(3 * MB),
    'word/media/image2.jpeg': noise(3 * MB),
  })
  expect(await inspectZipDocument(docx)).toBe('docx')
  expect(await checkResumeFormat(docx)).toBe('docx')
})

test('off the main thread: a zip bomb is refused, and a check past its time limit is refused too', async () => {
  expect(await checkResumeFormat(zipBombDocx())).toBeNull()
  expect(await checkResumeFormat(tinyDocx())).toBe('docx')
  expect(await checkResumeFormat(tinyDocx(), { timeoutMs: 0 })).toBeNull()
})

import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import type { ResumeFormat } from '../../../shared/resume-file'

/**
 * What a résumé's zip archive (DOCX, ODT) may hold once inflated. A real document of at most 10 MB holds
 * its pictures stored as they are (ratio about 1) and some XML that inflates five to twenty times; a zip
 * bomb declares little and inflates to gigabytes. Every entry is inflated as it would be on a recruiter's
 * machine, and the inflating stops at these bounds, whatever the archive declares.
 */
export const ZIP_LIMITS = {
  /** More entries than any document has: a résumé's archive holds a few dozen. */
  entries: 5000,
  /** One entry, inflated. */
  entryBytes: 32 * 1024 * 1024,
  /** All entries together, inflated. */
  totalBytes: 64 * 1024 * 1024,
  /**
   * Inflated to compressed, for an entry past `ratioFromBytes` (tiny entries may compress better), and for
   * the whole archive once it declares that much.
   */
  ratio: 100,
  ratioFromBytes: 1024 * 1024,
}

export type ZipLimits = typeof ZIP_LIMITS

const ODT_MIMETYPE = 'application/vnd.oasis.opendocument.text'
/** Deflate or stored: anything else (or encryption) is no document a word processor writes. */
const STORED = 0
const DEFLATED = 8

/** The next entry of the central directory, or null at its end. */
function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry)
      zip.off('end', onEnd)
      zip.off('error', onError)
    }
    const onEntry = (entry: yauzl.Entry) => {
      cleanup()
      resolve(entry)
    }
    const onEnd = () => {
      cleanup()
      resolve(null)
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    zip.on('entry', onEntry)
    zip.on('end', onEnd)
    zip.on('error', onError)
    zip.readEntry()
  })
}

/**
 * Inflates one entry to its end, keeping at most `keep` bytes of it. yauzl (validateEntrySizes) fails the
 * stream as soon as it passes the size the directory declares, or ends short of it; that size was bounded
 * before.
 */
async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, keep: number): Promise<Uint8Array> {
  const stream: Readable = await zip.openReadStreamPromise(entry)
  const kept: Uint8Array[] = []
  let keptBytes = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (keptBytes >= keep) continue
    kept.push(chunk.subarray(0, keep - keptBytes))
    keptBytes += Math.min(chunk.byteLength, keep - keptBytes)
  }
  return Buffer.concat(kept)
}

/**
 * DOCX or ODT by the archive's content, or null for any other archive, a damaged one, or one that inflates
 * past the limits. DOCX is known by its `[Content_Types].xml` and `word/` parts, ODT by the `mimetype`
 * entry it must carry. Slow for a large archive by design (it inflates everything): run it off the main
 * thread (resume-check.ts).
 */
export async function inspectZipDocument(
  bytes: Uint8Array,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<ResumeFormat | null> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    })
  } catch {
    return null
  }
  try {
    if (zip.entryCount > limits.entries) return null
    const names = new Set<string>()
    let mimetype = ''
    let total = 0
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      names.add(entry.fileName)
      if (entry.fileName.endsWith('/')) continue
      const { uncompressedSize: size, compressedSize, compressionMethod } = entry
      if (entry.isEncrypted() || (compressionMethod !== STORED && compressionMethod !== DEFLATED)) return null
      total += size
      if (size > limits.entryBytes || total > limits.totalBytes) return null
      if (size > limits.ratioFromBytes && size > compressedSize * limits.ratio) return null
      // The archive as a whole too: many small entries of zeros each pass the ratio alone.
      if (total > limits.ratioFromBytes && total > bytes.byteLength * limits.ratio) return null
      const kept = await inflate(zip, entry, entry.fileName === 'mimetype' ? 100 : 0)
      if (entry.fileName === 'mimetype') mimetype = new TextDecoder().decode(kept).trim()
    }
    if (mimetype === ODT_MIMETYPE) return 'odt'
    if (names.has('[Content_Types].xml') && [...names].some((name) => name.startsWith('word/'))) return 'docx'
    return null
  } catch {
    return null
  } finally {
    zip.close()
  }
}

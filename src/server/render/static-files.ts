import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { IMMUTABLE, PUBLIC_FILE_CACHE } from '../http/cache-control'
import { isCompressible } from '../http/compressible'
import { type PreparedHeaders, sendRepresentation } from '../http/representation'
import { fileHeaders } from '../http/security-headers'

interface StaticEntry {
  file: string
  type: string
  size: number
  /** Names the file's bytes; each coding's ETag is made from it. */
  token: string
  cacheControl: string
  /** Precompressed siblings written by the build (assets) or gzip made at start (small public text files). */
  encodings: { br?: string; gzip?: string | Blob }
  prepared: PreparedHeaders
}

export interface StaticFileOptions {
  publicDir: string
  /** Hashed build output, served under /assets/ as immutable. */
  assetsDir: string
  /** What every answer carries besides the file's own headers and CSP (the security headers). */
  answerHeaders?: Record<string, string>
}

/**
 * Serves public/ and the built assets from an index of their names made once at start, so only files that
 * exist there can ever be read (no path traversal) and lookups cost one Map access. A file is read, hashed
 * and (a small public text file) gzipped when first asked for: doing it for all of them at start took
 * 36 ms of every start (decision 0042).
 */
export function createStaticFiles({ publicDir, assetsDir, answerHeaders = {} }: StaticFileOptions) {
  const index = new Map<string, () => StaticEntry | null>()

  for (const file of walk(publicDir)) {
    index.set(
      `/${relative(publicDir, file).replaceAll('\\', '/')}`,
      once(() => {
        const bytes = readFileSync(file)
        const entry = describe(file, bytes, PUBLIC_FILE_CACHE)
        if (isCompressible(entry.type) && entry.size > 512)
          entry.encodings.gzip = new Blob([gzipSync(bytes, { level: 9 })])
        return entry
      }),
    )
  }
  for (const file of walk(assetsDir)) {
    // Source maps hold the whole source, the admin's included: the build keeps them out of this folder, and
    // one left in it (an older build, a copy by hand) is not served either.
    if (/\.(gz|br|map)$/.test(file)) continue
    index.set(
      `/assets/${relative(assetsDir, file).replaceAll('\\', '/')}`,
      once(() => {
        const entry = describe(file, readFileSync(file), IMMUTABLE)
        if (existsSync(`${file}.br`)) entry.encodings.br = `${file}.br`
        if (existsSync(`${file}.gz`)) entry.encodings.gzip = `${file}.gz`
        return entry
      }),
    )
  }

  return {
    serve(request: Request, pathname: string): Response | null {
      const entry = index.get(pathname)?.()
      if (!entry) return null
      const headers = () =>
        fileHeaders(
          {
            'content-type': entry.type,
            'cache-control': entry.cacheControl,
            // Fonts are fetched in CORS mode, also by the previewer's sandboxed (opaque-origin) frame.
            ...(entry.type.startsWith('font/') ? { 'access-control-allow-origin': '*' } : {}),
          },
          answerHeaders,
        )
      const { br, gzip } = entry.encodings
      return sendRepresentation(request, {
        headers,
        prepared: entry.prepared,
        token: entry.token,
        bodies: {
          identity: () => Bun.file(entry.file),
          ...(br ? { br: () => Bun.file(br) } : {}),
          ...(gzip ? { gzip: () => (typeof gzip === 'string' ? Bun.file(gzip) : gzip) } : {}),
        },
        ranges: { size: entry.size, slice: (start, end) => Bun.file(entry.file).slice(start, end + 1) },
      })
    },
  }
}

export type StaticFiles = ReturnType<typeof createStaticFiles>

/**
 * An entry made on first use and kept. A file gone or unreadable since the start (deleted, made a folder) is
 * not found rather than an error, and is looked for again next time.
 */
function once(make: () => StaticEntry): () => StaticEntry | null {
  let entry: StaticEntry | undefined
  return () => {
    if (entry) return entry
    try {
      entry = make()
      return entry
    } catch {
      return null
    }
  }
}

function describe(file: string, bytes: Uint8Array, cacheControl: string): StaticEntry {
  const type = Bun.file(file).type.replace('text/javascript', 'application/javascript')
  return {
    file,
    type,
    size: bytes.byteLength,
    // A hash of the bytes, not the file's time: the same in every container and after every rebuild.
    token: new Bun.CryptoHasher('sha256').update(bytes).digest('hex').slice(0, 32),
    cacheControl,
    encodings: {},
    prepared: new Map(),
  }
}

function* walk(dir: string): Generator<string> {
  if (!existsSync(dir)) return
  for (const dirent of readdirSync(dir, { withFileTypes: true })) {
    if (dirent.name.startsWith('.')) continue
    const full = join(dir, dirent.name)
    if (dirent.isDirectory()) yield* walk(full)
    else if (dirent.isFile()) yield full
  }
}

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { IMMUTABLE } from '../http/cache-control'
import { isCompressible } from '../http/compressible'

const PUBLIC_CACHE = 'public, max-age=86400, stale-while-revalidate=604800'

interface StaticEntry {
  file: string
  type: string
  size: number
  etag: string
  cacheControl: string
  /** Precompressed siblings written by the build (assets) or gzip made at start (small public text files). */
  encodings: { br?: string; gzip?: string | Blob }
}

export interface StaticFileOptions {
  publicDir: string
  /** Hashed build output, served under /assets/ as immutable. */
  assetsDir: string
}

/**
 * Serves public/ and the built assets from an index made once at start, so only files that exist
 * there can ever be read (no path traversal) and lookups cost one Map access.
 */
export function createStaticFiles({ publicDir, assetsDir }: StaticFileOptions) {
  const index = new Map<string, StaticEntry>()

  for (const file of walk(publicDir)) {
    const entry = describe(file, PUBLIC_CACHE)
    if (isCompressible(entry.type) && entry.size > 512)
      entry.encodings.gzip = new Blob([gzipSync(readFileSync(file), { level: 9 })])
    index.set(`/${relative(publicDir, file).replaceAll('\\', '/')}`, entry)
  }
  for (const file of walk(assetsDir)) {
    if (/\.(gz|br)$/.test(file)) continue
    const entry = describe(file, IMMUTABLE)
    if (existsSync(`${file}.br`)) entry.encodings.br = `${file}.br`
    if (existsSync(`${file}.gz`)) entry.encodings.gzip = `${file}.gz`
    index.set(`/assets/${relative(assetsDir, file).replaceAll('\\', '/')}`, entry)
  }

  return {
    serve(request: Request, pathname: string): Response | null {
      const entry = index.get(pathname)
      if (!entry) return null
      const headers = new Headers({
        'content-type': entry.type,
        'cache-control': entry.cacheControl,
        etag: entry.etag,
        'accept-ranges': 'bytes',
      })
      if (isCompressible(entry.type)) headers.set('vary', 'accept-encoding')
      // Fonts are fetched in CORS mode, also by the previewer's sandboxed (opaque-origin) frame.
      if (entry.type.startsWith('font/')) headers.set('access-control-allow-origin', '*')
      if (request.headers.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers })

      const range = request.headers.get('range')
      if (range) return serveRange(entry, range, headers)

      const accepted = request.headers.get('accept-encoding') ?? ''
      if (entry.encodings.br && /\bbr\b/.test(accepted)) {
        headers.set('content-encoding', 'br')
        return new Response(Bun.file(entry.encodings.br), { headers })
      }
      if (entry.encodings.gzip && /\bgzip\b/.test(accepted)) {
        headers.set('content-encoding', 'gzip')
        const gzip = entry.encodings.gzip
        return new Response(typeof gzip === 'string' ? Bun.file(gzip) : gzip, { headers })
      }
      return new Response(Bun.file(entry.file), { headers })
    },
  }
}

export type StaticFiles = ReturnType<typeof createStaticFiles>

/** Single byte ranges, which is what video players ask for. */
function serveRange(entry: StaticEntry, range: string, headers: Headers): Response {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim())
  const start = match?.[1] ? Number(match[1]) : match?.[2] ? entry.size - Number(match[2]) : 0
  const end = match?.[1] && match[2] ? Math.min(Number(match[2]), entry.size - 1) : entry.size - 1
  if (!match || (!match[1] && !match[2]) || start < 0 || start > end || start >= entry.size) {
    headers.set('content-range', `bytes */${entry.size}`)
    return new Response(null, { status: 416, headers })
  }
  headers.set('content-range', `bytes ${start}-${end}/${entry.size}`)
  return new Response(Bun.file(entry.file).slice(start, end + 1), { status: 206, headers })
}

function describe(file: string, cacheControl: string): StaticEntry {
  const stat = statSync(file)
  const type = Bun.file(file).type.replace('text/javascript', 'application/javascript')
  return {
    file,
    type,
    size: stat.size,
    etag: `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
    cacheControl,
    encodings: {},
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

import { type ContentCoding, negotiateEncoding } from './accept-encoding'
import { etagFor, isNotModified, notModified, rangeApplies } from './conditional'

type Body = Blob | Uint8Array<ArrayBuffer> | string

/**
 * The finished headers of a representation sent again and again (a cached page, a file), by coding: a
 * plain 200 for it then copies them instead of making them (most of a cached answer's cost).
 */
export type PreparedHeaders = Map<ContentCoding, Headers>

export interface Representation {
  /** A 200 is revalidated and ranged; another status (the not-found page) is sent as it is. */
  status?: number
  /**
   * Content type, caching and the like, in a new object each call: ETag, Vary and Content-Encoding are
   * added to it. Not called when `prepared` already holds the answer's headers.
   */
  headers: () => Headers
  prepared?: PreparedHeaders
  /** Names the identity bytes (a content hash): each coding's ETag is made from it. */
  token: string
  /** The body in each coding offered; only the one sent is made (or read, or inflated). */
  bodies: { identity: () => Body; br?: () => Body; gzip?: () => Body }
  /** Byte ranges of the identity body (what video players ask for). */
  ranges?: { size: number; slice: (start: number, endInclusive: number) => Body }
}

/** Adds a field to `Vary` once, keeping what is there. */
export function appendVary(headers: Headers, field: string): void {
  const current = headers.get('vary')
  if (!current) headers.set('vary', field)
  else if (
    !current
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field.toLowerCase()) &&
    current.trim() !== '*'
  )
    headers.set('vary', `${current}, ${field}`)
}

/**
 * Sends one representation the way every cached or stored body here is sent (pages, public files,
 * assets, feeds): the coding chosen by `Accept-Encoding`, an ETag per coding, 304 for a current
 * `If-None-Match`, and for files a single byte range honouring `If-Range`. HEAD gets the same headers
 * and the same body as GET; the framework counts it into Content-Length and drops it.
 */
export function sendRepresentation(request: Request, representation: Representation): Response {
  const { status = 200, bodies, ranges, prepared } = representation
  const offered = (['br', 'gzip'] as const).filter((coding) => bodies[coding])
  const coding = negotiateEncoding(request.headers.get('accept-encoding'), offered)
  const etag = etagFor(representation.token, coding)
  const body = () => (coding === 'identity' ? bodies.identity : (bodies[coding] ?? bodies.identity))()
  const ranged = status === 200 && ranges !== undefined && coding === 'identity'
  const conditional =
    status === 200 && (request.headers.has('if-none-match') || (ranged && request.headers.has('range')))
  if (prepared && !conditional) {
    let headers = prepared.get(coding)
    if (!headers) {
      headers = finishedHeaders(representation.headers(), offered.length > 0, etag, coding, ranged)
      prepared.set(coding, headers)
    }
    // The Response takes a copy: what is added to its headers later is not kept here.
    return new Response(body(), { status, headers })
  }
  const headers = finishedHeaders(representation.headers(), offered.length > 0, etag, coding, false)
  if (status === 200 && isNotModified(request, etag)) return notModified(headers)
  if (ranged && ranges) {
    headers.set('accept-ranges', 'bytes')
    const range = request.headers.get('range')
    // Only GET has ranges (RFC 9110 §14.2); a stale If-Range gets the whole current body.
    if (range && request.method === 'GET' && rangeApplies(request, etag)) {
      const part = byteRange(range, ranges.size)
      if (part === 'unsatisfiable') {
        headers.set('content-range', `bytes */${ranges.size}`)
        return new Response(null, { status: 416, headers })
      }
      if (part) {
        headers.set('content-range', `bytes ${part.start}-${part.end}/${ranges.size}`)
        return new Response(ranges.slice(part.start, part.end), { status: 206, headers })
      }
    }
  }
  return new Response(body(), { status, headers })
}

/** `headers` with what the chosen coding adds: Vary when codings are offered, the ETag, the coding, ranges. */
function finishedHeaders(headers: Headers, varies: boolean, etag: string, coding: ContentCoding, ranged: boolean) {
  if (varies) appendVary(headers, 'accept-encoding')
  headers.set('etag', etag)
  if (coding !== 'identity') headers.set('content-encoding', coding)
  if (ranged) headers.set('accept-ranges', 'bytes')
  return headers
}

/**
 * One byte range of a body of `size` bytes. Several ranges, other units and malformed values are
 * ignored (null: the whole body is sent, RFC 9110 §14.2); a range that starts past the end cannot be
 * satisfied (416).
 */
function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim())
  if (!match || (!match[1] && !match[2])) return null
  if (!match[1]) {
    // A suffix: the last N bytes (all of them when N is longer than the body).
    const length = Number(match[2])
    if (length === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(match[1])
  if (match[2] && Number(match[2]) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: Math.min(match[2] ? Number(match[2]) : size - 1, size - 1) }
}

import type { ContentCoding } from './accept-encoding'

/**
 * Conditional requests (RFC 9110 §13) in one place: every response with an ETag (pages, files, feeds,
 * media) answers `If-None-Match` and `If-Range` through these.
 */

/** A quoted entity tag, optionally weak: `"abc"` or `W/"abc"`. */
const ENTITY_TAG = /^(W\/)?("[^"]*")$/

/**
 * The strong ETag of one encoding of a representation, from a token naming its identity bytes: each
 * coding is its own set of bytes, so each gets its own tag (a cache must never splice a gzip range
 * into an identity body, nor answer a gzip client's revalidation with a brotli 304).
 */
export function etagFor(token: string, coding: ContentCoding): string {
  return coding === 'identity' ? `"${token}"` : `"${token}-${coding}"`
}

/** The entity tags of a list header (`If-None-Match`), or `*`. Unparseable members match nothing. */
function listedTags(header: string): string[] {
  return header
    .split(',')
    .map((member) => member.trim())
    .filter(Boolean)
}

/**
 * Whether `If-None-Match` names the current tag: a weak comparison (RFC 9110 §8.8.3.2, so `W/"x"` matches
 * `"x"`), over a list of tags, and `*` for any current representation.
 */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  const current = ENTITY_TAG.exec(etag)?.[2]
  return listedTags(ifNoneMatch).some((member) => member === '*' || ENTITY_TAG.exec(member)?.[2] === current)
}

/** A GET or HEAD whose cached copy is still current: answer 304 without a body. */
export function isNotModified(request: Request, etag: string): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && matchesEtag(request.headers.get('if-none-match'), etag)
  )
}

/**
 * Whether a Range request may be answered with a part (RFC 9110 §13.1.5): yes without `If-Range`, and
 * with one only when it is the current tag by strong comparison. A weak tag or a date (the files here
 * send no Last-Modified to compare it with) means the client's copy may differ: it gets the whole body.
 */
export function rangeApplies(request: Request, etag: string): boolean {
  const ifRange = request.headers.get('if-range')
  if (ifRange === null) return true
  const tag = ENTITY_TAG.exec(ifRange.trim())
  return Boolean(tag && !tag[1] && !etag.startsWith('W/') && tag[2] === etag)
}

/** What a 304 keeps of the 200 it stands for (RFC 9110 §15.4.5): ETag, Vary, caching and security headers, no body metadata. */
export function notModified(headers: Headers): Response {
  const kept = new Headers(headers)
  for (const name of ['content-type', 'content-length', 'content-encoding', 'content-range']) kept.delete(name)
  return new Response(null, { status: 304, headers: kept })
}

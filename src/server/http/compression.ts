import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { type ContentCoding, negotiateEncoding } from './accept-encoding'
import { isCompressible } from './compressible'
import { appendVary, type Representation } from './representation'

/** Below this a body is not worth compressing; unknown-length (streamed) bodies always are. */
const MIN_BYTES = 1024

/** Brotli for what is sent many times (most pages, feeds): near quality 9's size at a fraction of its time. */
export const BROTLI_QUALITY = 5
/**
 * Brotli for pages of the long tail (a search, a page of a list), rendered for one visitor more often than
 * not: in the server, about a quarter of quality 5's time for about 15 % more bytes.
 */
export const BROTLI_QUICK_QUALITY = 3

/**
 * Brotli told the body's size: without the hint the encoder sets up for a stream of unknown length and
 * spends more time than the compression itself.
 */
export const brotli = (bytes: Uint8Array, quality = BROTLI_QUALITY) =>
  brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  })

/**
 * A body made at request time (a feed) in each coding worth offering; each copy is compressed only
 * when it is the one sent.
 */
export function encodedBodies(bytes: Uint8Array<ArrayBuffer>, contentType: string): Representation['bodies'] {
  const identity = () => bytes
  if (!isCompressible(contentType) || bytes.byteLength < MIN_BYTES) return { identity }
  return {
    identity,
    gzip: () => gzipSync(bytes, { level: 6 }),
    br: () => brotli(bytes),
  }
}

/**
 * Gzips dynamic text responses (streamed HTML, JSON) for clients that accept it. A response with an
 * ETag was negotiated where it was made (`sendRepresentation`): its tag names those exact bytes.
 */
function compressResponse(request: Request, response: Response): Response {
  if (
    !response.body ||
    response.headers.has('content-encoding') ||
    response.headers.has('etag') ||
    response.status === 204 ||
    response.status === 304
  ) {
    return response
  }
  if (!isCompressible(response.headers.get('content-type') ?? '')) return response
  const length = response.headers.get('content-length')
  if (length !== null && Number(length) < MIN_BYTES) return response

  const headers = new Headers(response.headers)
  appendVary(headers, 'accept-encoding')
  const init = { status: response.status, statusText: response.statusText, headers }
  if (negotiateEncoding(request.headers.get('accept-encoding'), ['gzip']) !== 'gzip')
    return new Response(response.body, init)
  headers.set('content-encoding', 'gzip')
  headers.delete('content-length')
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), init)
}

const JSON_TYPE = 'application/json;charset=utf-8'
const encoder = new TextEncoder()

/**
 * Answers the read caches give every client alike until the content changes (versioned-reads.ts), with
 * their brotli copy once a client has asked for it: the API's most asked answers cost a compression once,
 * as a cached page does.
 */
const sharedJson = new WeakMap<object, { br: Uint8Array<ArrayBuffer> | null }>()

const isJsonValue = (value: unknown): value is object => {
  if (value === null || typeof value !== 'object') return false
  const prototype = Object.getPrototypeOf(value)
  return Array.isArray(value) || prototype === Object.prototype || prototype === null
}

/**
 * Marks an answer a cache will give again and again, unchanged: shared by every client that asks, it must
 * never be changed in place (its compressed copy would then be stale).
 */
export function shareJson(value: unknown): void {
  if (isJsonValue(value) && !sharedJson.has(value)) sharedJson.set(value, { br: null })
}

/**
 * A JSON value the framework would serialise, in the coding the client takes: brotli or gzip, chosen by
 * the `Accept-Encoding` rules pages follow. The API's answers carry no ETag, so there is no tag per coding
 * to keep; they say they vary by coding.
 */
function encodeJson(request: Request, value: object): Response {
  const coding = negotiateEncoding(request.headers.get('accept-encoding'), ['br', 'gzip'])
  const shared = sharedJson.get(value)
  const headers = new Headers({ 'content-type': JSON_TYPE })
  if (coding === 'br' && shared?.br) return encoded(shared.br, headers, coding)
  const bytes = encoder.encode(JSON.stringify(value))
  if (bytes.byteLength < MIN_BYTES) return new Response(bytes, { headers })
  if (coding === 'identity') return encoded(bytes, headers, coding)
  if (coding === 'gzip') return encoded(gzipSync(bytes, { level: 6 }), headers, coding)
  // Most answers nobody asks for twice (a search's): compressed quickly, as a page of the long tail is.
  const br = brotli(bytes, shared ? BROTLI_QUALITY : BROTLI_QUICK_QUALITY)
  if (shared) shared.br = br
  return encoded(br, headers, coding)
}

function encoded(body: Uint8Array<ArrayBuffer>, headers: Headers, coding: ContentCoding): Response {
  appendVary(headers, 'accept-encoding')
  if (coding !== 'identity') headers.set('content-encoding', coding)
  return new Response(body, { headers })
}

/**
 * What a route answered, compressed for the client: a Response as `compressResponse` does, a JSON value
 * as `encodeJson` does; anything else (text, a file, a status with its body) is left to the framework.
 * `status` is the one the route or an error set: a JSON value under another than 200 (an error's few bytes)
 * is left to the framework too, since a Response made here would say 200 to the request log.
 */
export function compressAnswer(request: Request, answer: unknown, status: unknown = 200): Response | undefined {
  if (answer instanceof Response) return compressResponse(request, answer)
  return status === 200 && isJsonValue(answer) ? encodeJson(request, answer) : undefined
}

import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiateEncoding } from './accept-encoding'
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
export function compressResponse(request: Request, response: Response): Response {
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

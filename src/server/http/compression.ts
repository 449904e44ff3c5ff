import { isCompressible } from './compressible'

/** Below this a body is not worth compressing; unknown-length (streamed) bodies always are. */
const MIN_BYTES = 1024

/** Gzips dynamic text responses (streamed HTML included) for clients that accept it. */
export function compressResponse(request: Request, response: Response): Response {
  if (
    !response.body ||
    response.headers.has('content-encoding') ||
    response.status === 204 ||
    response.status === 304
  ) {
    return response
  }
  if (!isCompressible(response.headers.get('content-type') ?? '')) return response
  const length = response.headers.get('content-length')
  if (length !== null && Number(length) < MIN_BYTES) return response
  if (!/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) return response

  const headers = new Headers(response.headers)
  headers.set('content-encoding', 'gzip')
  headers.delete('content-length')
  headers.append('vary', 'accept-encoding')
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

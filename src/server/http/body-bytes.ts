/**
 * Routes read bodies themselves, each up to its own limit (4 KB to 28 MB), and answer a larger one with a
 * JSON 413. A declared length past this cap, well past the largest, is refused before anything is read
 * (app.ts); Bun's own cap is lifted (main.ts), since Bun refuses with an empty 413 no client can read.
 */
export const REQUEST_BODY_CAP_BYTES = 64 * 1024 * 1024

/** Whether a request says its body is longer than `limit` bytes (a chunked body says nothing). */
export const declaresBodyOver = (request: Request, limit: number) =>
  Number(request.headers.get('content-length') ?? 0) > limit

/** A body reader's `charge` said no: there was no room for the bytes it was about to keep. */
export class NoRoomForBody extends Error {
  constructor() {
    super('no room in memory for the request body')
  }
}

/**
 * The whole body of a request, or null once it passes `limit` bytes: read as it arrives, so a body
 * that lies about its length (or has none) is cut off without being held in memory. `charge` is asked
 * for each chunk's bytes before it is kept (upload-gate.ts: a slow sender holds only what it has sent);
 * when it says no, reading stops and NoRoomForBody is thrown.
 */
export async function readBodyBytes(
  request: Request,
  limit: number,
  charge?: (bytes: number) => Promise<boolean>,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (declaresBodyOver(request, limit)) return null
  if (!request.body) return new Uint8Array()
  // A declared length is read into one buffer of that size; without one, chunks are joined at the end.
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  const whole = Number.isSafeInteger(declared) && declared >= 0 ? new Uint8Array(declared) : null
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (total + value.byteLength > limit || (whole && total + value.byteLength > whole.byteLength)) {
      await reader.cancel()
      return null
    }
    if (charge && !(await charge(value.byteLength))) {
      await reader.cancel()
      throw new NoRoomForBody()
    }
    if (whole) whole.set(value, total)
    else chunks.push(value)
    total += value.byteLength
  }
  if (whole) return whole.subarray(0, total)
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

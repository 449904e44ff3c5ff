import { checkAfterBody } from './after-body'

/**
 * Routes read bodies themselves, each up to its own limit (4 KB to 28 MB), and answer a larger one with a
 * JSON 413. A declared length past this cap, well past the largest, is refused before anything is read
 * (lifecycle/body-limit.ts); Bun's own cap is lifted (main.ts), since Bun refuses with an empty 413 no client can read.
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

/** The body had not arrived by its reader's deadline: a sender that trickles is cut off. */
export class BodyTooSlow extends Error {
  constructor() {
    super('the request body did not arrive in time')
  }
}

export interface BodyReading {
  /**
   * Asked for each chunk's bytes before it is kept (upload-gate.ts): when it says no, reading stops and
   * NoRoomForBody is thrown.
   */
  charge?: (bytes: number) => Promise<boolean>
  /**
   * How long the whole body may take to arrive, from the start of reading; past it reading stops and BodyTooSlow
   * is thrown. A span, not an instant: the site's clock (TEST_NOW) may differ from the timers'.
   */
  withinMs?: number
}

/**
 * The whole body of a request, or null once it passes `limit` bytes: read as it arrives, so a body
 * that lies about its length (or has none) is cut off without being held in memory.
 */
export async function readBodyBytes(
  request: Request,
  limit: number,
  { charge, withinMs = Number.POSITIVE_INFINITY }: BodyReading = {},
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (declaresBodyOver(request, limit)) return null
  if (!request.body) return new Uint8Array()
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  const sized = Number.isSafeInteger(declared) && declared >= 0
  // A declared length is read into one buffer of that size, made once the first bytes are paid for;
  // without one, chunks are joined at the end.
  let whole: Uint8Array<ArrayBuffer> | null = null
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = request.body.getReader()
  let late = false
  const timer = Number.isFinite(withinMs)
    ? setTimeout(() => {
        late = true
        void reader.cancel()
      }, withinMs)
    : null
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (late) throw new BodyTooSlow()
      if (done) break
      if (total + value.byteLength > limit || (sized && total + value.byteLength > declared)) {
        await reader.cancel()
        return null
      }
      if (charge && !(await charge(value.byteLength))) {
        await reader.cancel()
        throw new NoRoomForBody()
      }
      if (sized) {
        whole ??= new Uint8Array(declared)
        whole.set(value, total)
      } else chunks.push(value)
      total += value.byteLength
    }
  } finally {
    if (timer) clearTimeout(timer)
  }
  await checkAfterBody(request)
  if (sized) return (whole ?? new Uint8Array(0)).subarray(0, total)
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

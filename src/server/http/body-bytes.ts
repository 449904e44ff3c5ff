/**
 * Routes read bodies themselves, each up to its own limit (4 KB to 28 MB), and answer a larger one with a
 * JSON 413. A declared length past this cap, well past the largest, is refused before anything is read
 * (app.ts); Bun's own cap is lifted (main.ts), since Bun refuses with an empty 413 no client can read.
 */
export const REQUEST_BODY_CAP_BYTES = 64 * 1024 * 1024

/** Whether a request says its body is longer than `limit` bytes (a chunked body says nothing). */
export const declaresBodyOver = (request: Request, limit: number) =>
  Number(request.headers.get('content-length') ?? 0) > limit

/**
 * The whole body of a request, or null once it passes `limit` bytes: read as it arrives, so a body
 * that lies about its length (or has none) is cut off without being held in memory.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (declaresBodyOver(request, limit)) return null
  if (!request.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

import type { TestApp } from './test-app'

/**
 * A JSON request whose headers arrive now and whose body waits, as a slow or hostile client sends it: `begun`
 * resolves once the server has started reading the body (its session checked, the first byte in hand), and
 * `finish()` sends the rest and gives the answer.
 */
export function heldBody(t: TestApp, method: string, path: string, cookie: string, body: unknown) {
  const bytes = new TextEncoder().encode(JSON.stringify(body))
  const begun = Promise.withResolvers<void>()
  let sender!: ReadableStreamDefaultController<Uint8Array>
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      sender = controller
      controller.enqueue(bytes.subarray(0, 1))
    },
    // Asked for more only once the first byte was taken: the server is reading.
    pull: () => begun.resolve(),
  })
  const answer = t.request(path, {
    method,
    headers: { origin: 'http://localhost', 'content-type': 'application/json', cookie },
    body: stream,
    duplex: 'half',
  } as RequestInit)
  return {
    begun: begun.promise,
    async finish() {
      sender.enqueue(bytes.subarray(1))
      sender.close()
      return answer
    },
  }
}

/**
 * Rounds of the warm-up. Measured with the unique-URL flood (tests/load): without it, the first burst of
 * 64 requests ran the framework, the page cache and the render hand-off in JavaScriptCore's interpreter,
 * and held the event loop for 30–145 ms at once; after 150 rounds no stall passed 40 ms.
 */
export const WARM_UP_ROUNDS = 150
/** It never holds the start longer than this (a slow remote database, say): what ran is warm enough. */
const WARM_UP_BUDGET_MS = 5000

type Fetch = (request: Request) => Response | Promise<Response>

/**
 * Sends requests down the server's busiest paths before it listens (a search no cache has, through the
 * framework, the page cache and a render; the cached home page; /healthz), until the JIT has compiled
 * them, so the first visitors, or a flood, do not meet code still being interpreted. Its requests are
 * neither logged nor counted (`quiet`), and `afterwards` forgets what they left in the page cache.
 */
export function createWarmUp() {
  const requests = new WeakSet<Request>()
  return {
    quiet: (request: Request) => requests.has(request),
    async run(fetch: Fetch, origin: string, afterwards: () => void, rounds = WARM_UP_ROUNDS): Promise<void> {
      const deadline = performance.now() + WARM_UP_BUDGET_MS
      try {
        // One at a time: run side by side, they took four times as long in all (render turns, slices).
        for (let round = 0; round < rounds && performance.now() < deadline; round++) {
          for (const path of [`/blog?q=warm-up-${round}`, '/', '/healthz']) {
            const request = new Request(`${origin}${path}`, { headers: { 'accept-encoding': 'br, gzip' } })
            requests.add(request)
            await (await fetch(request)).arrayBuffer()
          }
        }
      } finally {
        afterwards()
      }
    },
  }
}

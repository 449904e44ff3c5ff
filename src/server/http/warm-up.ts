/**
 * Rounds of the warm-up. Measured with the unique-URL flood (tests/load): without it, the first burst of
 * 64 requests ran the framework, the page cache and the render hand-off in JavaScriptCore's interpreter,
 * and held the event loop for 30–145 ms at once; after 150 rounds no stall passed 40 ms.
 */
export const WARM_UP_ROUNDS = 150
const WARM_UP_LANES = 4

/**
 * Sends requests down the server's busiest paths before it listens (a search no cache has, through the
 * framework, the page cache and a render; the cached home page; /healthz), until the JIT has compiled
 * them, so the first visitors, or a flood, do not meet code still being interpreted. Each search is a
 * new one, as only a miss takes its path; they stay in the page cache as any search would.
 */
export async function warmUp(
  fetch: (request: Request) => Response | Promise<Response>,
  origin: string,
  rounds = WARM_UP_ROUNDS,
): Promise<void> {
  let next = 0
  // A few at once, as requests come: the main thread's part of one overlaps another's render.
  const lane = async () => {
    for (let round = next++; round < rounds; round = next++) {
      for (const path of [`/blog?q=warm-up-${round}`, '/', '/healthz']) {
        const request = new Request(`${origin}${path}`, { headers: { 'accept-encoding': 'br, gzip' } })
        await (await fetch(request)).arrayBuffer()
      }
    }
  }
  await Promise.all(Array.from({ length: WARM_UP_LANES }, lane))
}

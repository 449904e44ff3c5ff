/**
 * Rounds of the warm-up. Measured with the unique-URL flood (tests/load): without it, the first burst of
 * 64 requests ran the framework, the page cache and the render hand-off in JavaScriptCore's interpreter,
 * and held the event loop for 30–145 ms at once; after 150 rounds no stall passed 40 ms.
 */
export const WARM_UP_ROUNDS = 150
/** It stops this long after it began (a slow remote database, busy visitors): what ran is warm enough. */
const WARM_UP_BUDGET_MS = 5000

type Fetch = (request: Request) => Response | Promise<Response>

/**
 * Sends requests down the server's busiest paths once it listens (a search no cache has, through the
 * framework, the page cache and a render; the cached home page; /healthz), until the JIT has compiled
 * them, so a flood does not meet code still being interpreted. It runs after the port is open, in the
 * time the visitors leave: each of its requests waits until no visitor's is being answered (`visiting`
 * counts them), so a new process answers its first requests as fast as it can, and is warm a second or
 * two later. Its requests are neither logged nor counted (`quiet`); `forget` drops each search's page from
 * the page cache, where it would only push out the visitors' (the home page it keeps is theirs too). It
 * stops when a shutdown begins, so none of its renders is cut.
 */
export function createWarmUp(draining: () => boolean = () => false) {
  const requests = new WeakSet<Request>()
  let visitors = 0
  /** Visitors are counted only while the warm-up runs: afterwards an answer costs nothing more. */
  let running = true
  let resume: (() => void) | null = null
  const visitorsGone = () => new Promise<void>((resolve) => (resume = resolve))
  /** The request it sent, or null when visitors kept it waiting past the budget's end. */
  const send = async (fetch: Fetch, url: string, deadline: number) => {
    while (visitors > 0) {
      const left = deadline - performance.now()
      if (left <= 0) return null
      await Promise.race([visitorsGone(), Bun.sleep(left)])
    }
    const request = new Request(url, { headers: { 'accept-encoding': 'br, gzip' } })
    requests.add(request)
    await (await fetch(request)).arrayBuffer()
    return request
  }
  return {
    quiet: (request: Request) => requests.has(request),
    /** The server's `fetch`, counting the visitors' requests under way (an answer from memory takes no time). */
    visiting(fetch: Fetch): Fetch {
      return (request) => {
        const answer = fetch(request)
        if (!running || answer instanceof Response || requests.has(request)) return answer
        visitors++
        return answer.finally(() => {
          if (--visitors > 0) return
          resume?.()
          resume = null
        })
      }
    },
    async run(
      fetch: Fetch,
      origin: string,
      forget: (request: Request) => void,
      { rounds = WARM_UP_ROUNDS, budgetMs = WARM_UP_BUDGET_MS } = {},
    ) {
      const deadline = performance.now() + budgetMs
      try {
        // One at a time: run side by side, they took four times as long in all (render turns, slices).
        for (let round = 0; round < rounds && performance.now() < deadline && !draining(); round++) {
          const search = await send(fetch, `${origin}/blog?q=warm-up-${round}`, deadline)
          if (search) forget(search)
          if (!search || !(await send(fetch, `${origin}/`, deadline))) break
          if (!(await send(fetch, `${origin}/healthz`, deadline))) break
        }
      } finally {
        running = false
      }
    },
  }
}

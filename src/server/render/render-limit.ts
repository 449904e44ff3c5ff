/**
 * How many React renders one process runs at once, and how a waiting one gets its turn. Without a
 * bound, a flood of URLs no cache can answer (`/blog?q=<random>`) starts every render together, each
 * holding its request, its loaders' data, a query cache and a React tree; and since loaders on the
 * embedded database answer without real I/O, they run back to back in one turn of the event loop, so
 * /healthz, timers (the garbage collector's among them) and finished requests' cleanup all wait, and
 * memory grows with the flood. Past the bound a render waits briefly in line and starts from the event
 * loop; past the line, or past the wait, the visitor gets a 503 with `Retry-After` at once.
 */
export interface RenderLimitOptions {
  /** Renders running at once. Rendering is CPU work on one thread: a few overlap the loaders' I/O. */
  concurrency: number
  /** Renders waiting for a turn; more are refused at once. */
  queue: number
  /** The longest a render waits for its turn before it is refused. */
  maxWaitMs: number
  /** What the refusal tells the client to wait before trying again. */
  retryAfterSeconds: number
}

export const DEFAULT_RENDER_LIMIT: RenderLimitOptions = {
  concurrency: 8,
  queue: 128,
  maxWaitMs: 1500,
  retryAfterSeconds: 2,
}

export type RenderLimit = ReturnType<typeof createRenderLimit>

export function createRenderLimit(options: RenderLimitOptions = DEFAULT_RENDER_LIMIT) {
  let running = 0
  let refused = 0
  let pumping = false
  const waiting: { start: () => void; timer: ReturnType<typeof setTimeout> }[] = []

  /**
   * Starts waiting renders while turns are free. Run from the event loop (setImmediate), never straight
   * from a finished render: loaders that answer at once (the embedded database) would otherwise chain
   * every queued render in one macrotask, and /healthz, timers and new requests would wait for all of them.
   */
  function pump() {
    pumping = false
    while (running < options.concurrency && waiting.length > 0) {
      const next = waiting.shift()!
      clearTimeout(next.timer)
      running++
      next.start()
    }
  }

  function turn() {
    let released = false
    return () => {
      if (released) return
      released = true
      running--
      if (waiting.length > 0 && !pumping) {
        pumping = true
        setImmediate(pump)
      }
    }
  }

  return {
    options,
    stats: () => ({ running, waiting: waiting.length, refused }),
    /**
     * A turn to render, or null when none came in time (answer `busyResponse`). The returned function
     * gives the turn back; calling it more than once is harmless.
     */
    async acquire(): Promise<(() => void) | null> {
      // First come, first served: a free turn goes to those already in line.
      if (running < options.concurrency && waiting.length === 0) {
        running++
        return turn()
      }
      if (waiting.length >= options.queue) {
        refused++
        return null
      }
      const started = await new Promise<boolean>((resolve) => {
        const entry = {
          start: () => resolve(true),
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(entry), 1)
            resolve(false)
          }, options.maxWaitMs),
        }
        waiting.push(entry)
      })
      if (!started) {
        refused++
        return null
      }
      return turn()
    },
  }
}

const BUSY_MESSAGE = 'The site is busy right now. Please try again in a moment.'

/** The refusal: small, never cached, HTML for browsers and JSON for clients that ask for it. */
export function busyResponse(request: Request, retryAfterSeconds: number): Response {
  const accept = request.headers.get('accept') ?? ''
  const json = accept.includes('application/json') && !accept.includes('text/html')
  const headers = {
    'retry-after': String(retryAfterSeconds),
    'cache-control': 'no-store',
    'content-type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
  }
  const body = json
    ? JSON.stringify({ error: BUSY_MESSAGE })
    : `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy, try again shortly</title><p>${BUSY_MESSAGE}</p></html>`
  return new Response(body, { status: 503, headers })
}

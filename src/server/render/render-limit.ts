/**
 * How many React renders one process runs at once, and when they run. Without a bound, a flood of URLs
 * no cache can answer (`/blog?q=<random>`) starts a render for every request, each holding its request,
 * its loaders' data, a query cache and a React tree. And since loaders on the embedded database answer
 * without real I/O, a render runs from start to finish in one go: started from the handlers of a batch
 * of requests, or in the microtasks of the render before, renders run back to back for as long as the
 * flood lasts, while /healthz, timers (the garbage collector's among them) and finished requests'
 * cleanup wait, and memory grows. So renders run in slices of a few milliseconds, each slice started
 * from the event loop; the rest wait in line briefly, and past the line, or past the wait, the visitor
 * gets a 503 with `Retry-After` at once.
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
  /** How long renders may run back to back before the event loop gets a turn (I/O, timers). */
  sliceMs: number
}

export const DEFAULT_RENDER_LIMIT: RenderLimitOptions = {
  concurrency: 4,
  queue: 128,
  maxWaitMs: 1500,
  retryAfterSeconds: 2,
  // Measured with the unique-URL flood (tests/load): 10 ms slices let /healthz wait up to 110 ms on two
  // shared cores, 4 ms slices about 20 ms, at the same throughput.
  sliceMs: 4,
}

/**
 * On the embedded file, loaders answer without waiting, so renders beyond a few only add live memory
 * (and garbage-collection pauses); loaders on a libSQL server wait on the network, and more renders
 * overlap those waits.
 */
export function renderLimitFor(databaseProtocol: string): RenderLimitOptions {
  return databaseProtocol === 'file' ? DEFAULT_RENDER_LIMIT : { ...DEFAULT_RENDER_LIMIT, concurrency: 8 }
}

export type RenderLimit = ReturnType<typeof createRenderLimit>

export function createRenderLimit(options: RenderLimitOptions = DEFAULT_RENDER_LIMIT) {
  let running = 0
  let refused = 0
  let scheduled = false
  /** When the current slice of renders began. */
  let sliceStart = 0
  const waiting: { start: () => void; timer: ReturnType<typeof setTimeout> }[] = []

  /** The next render in line starts from the event loop (setImmediate), which opens a new slice. */
  function schedule() {
    if (scheduled || waiting.length === 0 || running >= options.concurrency) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      sliceStart = performance.now()
      if (waiting.length > 0 && running < options.concurrency) startNext()
      schedule()
    })
  }

  function startNext() {
    const next = waiting.shift()!
    clearTimeout(next.timer)
    running++
    next.start()
  }

  function turn() {
    let released = false
    return () => {
      if (released) return
      released = true
      running--
      // Within its slice, the next render starts at once; after it, from the event loop.
      if (waiting.length > 0 && performance.now() - sliceStart < options.sliceMs) startNext()
      else schedule()
    }
  }

  return {
    options,
    stats: () => ({ running, waiting: waiting.length, refused }),
    /**
     * A turn to render, or null when none came in time (answer `busyResponse`). The returned function
     * gives the turn back; calling it more than once is harmless.
     */
    async acquire({ priority = false }: { priority?: boolean } = {}): Promise<(() => void) | null> {
      // In line are those who would find no free turn; as many as there are free turns are about to start.
      // A priority render (the signed-in administrator's) is never refused for a full line: it goes first.
      if (!priority && waiting.length >= options.queue + Math.max(0, options.concurrency - running)) {
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
        if (priority) waiting.unshift(entry)
        else waiting.push(entry)
        schedule()
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

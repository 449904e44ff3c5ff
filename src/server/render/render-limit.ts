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

interface InLine {
  start: () => void
  refuse: () => void
  timer: ReturnType<typeof setTimeout>
}

/** Who a render is for when no client is named (the renders of the process itself). */
const NO_CLIENT = ''

export function createRenderLimit(options: RenderLimitOptions = DEFAULT_RENDER_LIMIT) {
  let running = 0
  let refused = 0
  let scheduled = false
  /** When the current slice of renders began. */
  let sliceStart = 0
  /** The signed-in administrator's renders: before everyone's. */
  const first: InLine[] = []
  /**
   * Each client's renders in line, oldest first; clients take turns in the Map's order, and one served
   * goes to the back. So a visitor's page waits for one render per client in line, not for the whole
   * line one flooding client has filled.
   */
  const lines = new Map<string, InLine[]>()
  let waiting = 0

  /** The next render in line starts from the event loop (setImmediate), which opens a new slice. */
  function schedule() {
    if (scheduled || waiting === 0 || running >= options.concurrency) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      sliceStart = performance.now()
      if (waiting > 0 && running < options.concurrency) startNext()
      schedule()
    })
  }

  function takeNext(): InLine {
    const priority = first.shift()
    if (priority) return priority
    const [client, line] = lines.entries().next().value!
    lines.delete(client)
    const next = line.shift()!
    if (line.length > 0) lines.set(client, line)
    return next
  }

  function startNext() {
    const next = takeNext()
    waiting--
    clearTimeout(next.timer)
    running++
    next.start()
  }

  function leave(entry: InLine, client: string | null) {
    const line = client === null ? first : lines.get(client)
    const at = line?.indexOf(entry) ?? -1
    if (!line || at < 0) return
    line.splice(at, 1)
    waiting--
    if (client !== null && line.length === 0) lines.delete(client)
  }

  /**
   * The line is full: the newest render of the client with the longest line gives its place up, when that
   * line is longer than the newcomer's would be; otherwise the newcomer is the one refused.
   */
  function makeRoomFor(client: string): boolean {
    let longest: [string, InLine[]] | undefined
    for (const entry of lines) if (!longest || entry[1].length > longest[1].length) longest = entry
    if (!longest || longest[1].length <= (lines.get(client)?.length ?? 0) + 1) return false
    const [longestClient, line] = longest
    const dropped = line.pop()!
    waiting--
    if (line.length === 0) lines.delete(longestClient)
    clearTimeout(dropped.timer)
    dropped.refuse()
    return true
  }

  function turn() {
    let released = false
    return () => {
      if (released) return
      released = true
      running--
      // Within its slice, the next render starts at once; after it, from the event loop.
      if (waiting > 0 && performance.now() - sliceStart < options.sliceMs) startNext()
      else schedule()
    }
  }

  return {
    options,
    stats: () => ({ running, waiting, refused }),
    /**
     * A turn to render, or null when none came in time (answer `busyResponse`). The returned function
     * gives the turn back; calling it more than once is harmless. `client` names who the page is for (an
     * IPv4 address or an IPv6 network, client-network.ts): clients take turns in the line.
     */
    async acquire({
      priority = false,
      client = NO_CLIENT,
    }: {
      priority?: boolean
      client?: string
    } = {}): Promise<(() => void) | null> {
      // In line are those who would find no free turn; as many as there are free turns are about to start.
      // A priority render (the signed-in administrator's) is never refused for a full line: it goes first.
      const full = waiting >= options.queue + Math.max(0, options.concurrency - running)
      if (!priority && full && !makeRoomFor(client)) {
        refused++
        return null
      }
      const started = await new Promise<boolean>((resolve) => {
        const entry: InLine = {
          start: () => resolve(true),
          refuse: () => resolve(false),
          timer: setTimeout(() => {
            leave(entry, priority ? null : client)
            resolve(false)
          }, options.maxWaitMs),
        }
        const line = priority ? first : lines.get(client)
        if (line) line.push(entry)
        else lines.set(client, [entry])
        waiting++
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
const busyAnswers = new WeakSet<Response>()

/** Whether an answer is a refusal for want of a render turn (not a page, nor the database's 503 page). */
export const isBusyResponse = (response: Response) => busyAnswers.has(response)

/** The refusal: small, never cached, HTML for browsers, JSON for the JSON API and for clients that ask for it. */
export function busyResponse(request: Request, retryAfterSeconds: number): Response {
  const accept = request.headers.get('accept') ?? ''
  const json =
    new URL(request.url).pathname.startsWith('/api/') ||
    (accept.includes('application/json') && !accept.includes('text/html'))
  const headers = {
    'retry-after': String(retryAfterSeconds),
    'cache-control': 'no-store',
    'content-type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
  }
  const body = json
    ? JSON.stringify({ error: BUSY_MESSAGE })
    : `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy, try again shortly</title><p>${BUSY_MESSAGE}</p></html>`
  const response = new Response(body, { status: 503, headers })
  busyAnswers.add(response)
  return response
}

import type { SearchResult } from '../../shared/blog'
import type { PreviewerGate } from '../../shared/previewer'
import type { DatabaseOptions } from '../db/client'
import type { LogLevel } from '../observability/logger'
import { countDatabaseError } from '../observability/metrics'
import type { AssetManifest } from './assets'

/** What a render thread starts from: enough to open the database and make the pages the app makes. */
export interface RenderThreadStart {
  database: DatabaseOptions
  /**
   * The main thread's clock less the real one (TEST_NOW moves it; config.ts's serverClock). Fixed at the
   * start: a clock told with each page would step back and forth between renders running at once.
   */
  clockOffsetMs: number
  siteUrl: string | undefined
  logLevel: LogLevel
  assets: AssetManifest
  retentionDays: number
  previewerGate: PreviewerGate
}

/**
 * One page for the page cache, as the thread is asked for it; or, with `search`, one search of the public
 * JSON API (no page: the search's result as JSON in `html`).
 */
export interface ThreadRenderCall {
  id: number
  url: string
  headers: [string, string][]
  search?: { query: string; limit: number }
  /** The page's "now" (its dates, the NEW badge), as the main thread would have rendered it. */
  now: number
  /** The main thread's content version, which the page will be kept under (null: the thread reads its own). */
  version: string | null
}

/** A page as the thread rendered it, or why it could not. */
export type ThreadRendered =
  | { id: number; status: number; headers: [string, string][]; html: string }
  | { id: number; error: string }

export type ThreadRenderReply = ThreadRendered & {
  /** The codes of the database calls that failed on the thread since its last reply, for the metrics. */
  databaseErrors: (string | undefined)[]
}

/** The thread has opened its database and takes pages; or it could not (and is stopped). */
export type ThreadStartReply = { ready: true } | { failed: string }

export type RenderThreadMessage = { start: RenderThreadStart } | ThreadRenderCall

interface Call {
  resolve(response: Response): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
}

interface Thread {
  worker: Worker
  calls: Map<number, Call>
  /** Whether it started: a thread that stops before it did is restarted after a growing delay. */
  ready: boolean
}

export interface RenderThreadOptions {
  /** The thread's entry: src/server/render-thread.ts, the composition of its services (tests give their own). */
  script: string | URL
  /**
   * A render that takes longer means a stuck thread: it is stopped and replaced. Longer than a page's
   * database reads may take (DATABASE_TIMEOUT_MS), so a slow database is not taken for a stuck thread.
   */
  timeoutMs: number
  /** A thread that failed or stopped, with why; its renders fail, and their pages are rendered in line. */
  onFailure(reason: string): void
  /** A thread not started by then (loading the app, opening its database) is stopped; default 30 s. */
  startWithinMs?: number
  /** Runs `restart` after `delayMs` (default a timer; tests run it when they choose). */
  restartAfter?(restart: () => void, delayMs: number): void
}

const restartOnTimer = (restart: () => void, delayMs: number) => {
  setTimeout(restart, delayMs).unref()
}

/**
 * A thread that stops before it has started (its database cannot be opened, say) is restarted after this
 * delay (it would fail again at once), doubled for each such stop in a row, up to a minute.
 */
const RESTART_DELAY_MS = 1000
const MAX_RESTART_DELAY_MS = 60_000

/**
 * Threads that render pages for the page cache, so a flood of pages no cache can answer (`/blog?q=<random>`)
 * keeps the second core busy instead of the main thread's event loop: /healthz, cached pages and files are
 * answered between renders instead of after them. Each thread opens its own connection to the database;
 * `render` gives null when no thread can take the page, and the caller renders it in line. None runs until
 * `add` is called: the server adds them once it listens, since a thread takes a few hundred milliseconds of
 * a core to load the app, which the first answers need more.
 */
export function createRenderThreads(start: RenderThreadStart, options: RenderThreadOptions) {
  const { script, timeoutMs, onFailure, restartAfter = restartOnTimer, startWithinMs = 30_000 } = options
  const threads = new Set<Thread>()
  let nextId = 0
  let closed = false
  let rendered = 0
  let failed = 0
  let restartDelay = RESTART_DELAY_MS
  let settle: () => void = () => {}
  /** The first thread has started, or failed to: pages go to threads from here, or stay on the main thread. */
  const settled = new Promise<void>((resolve) => (settle = resolve))

  function spawn() {
    const worker = new Worker(script)
    const thread: Thread = { worker, calls: new Map(), ready: false }
    // A thread stuck loading (its database not answering, say) would otherwise hold the warm-up forever.
    const starting = setTimeout(
      () => thread.ready || stop(thread, `render thread did not start within ${startWithinMs} ms`),
      startWithinMs,
    )
    starting.unref()
    worker.postMessage({ start } satisfies RenderThreadMessage)
    worker.onmessage = (event: MessageEvent<ThreadRenderReply | ThreadStartReply>) => {
      const reply = event.data
      if ('failed' in reply) return stop(thread, `render thread could not start: ${reply.failed}`)
      if ('ready' in reply) {
        settle()
        thread.ready = true
        restartDelay = RESTART_DELAY_MS
        return
      }
      for (const code of reply.databaseErrors) countDatabaseError(code)
      const call = thread.calls.get(reply.id)
      if (!call) return
      thread.calls.delete(reply.id)
      clearTimeout(call.timer)
      if ('error' in reply) {
        failed++
        call.reject(new Error(reply.error))
      } else {
        rendered++
        call.resolve(new Response(reply.html, { status: reply.status, headers: reply.headers }))
      }
    }
    worker.addEventListener('error', (event) => stop(thread, `render thread failed: ${event.message}`))
    worker.addEventListener('close', () => stop(thread, 'render thread stopped'))
    threads.add(thread)
  }

  function stop(thread: Thread, reason: string) {
    if (!threads.delete(thread)) return
    settle()
    thread.worker.terminate()
    for (const call of thread.calls.values()) {
      failed++
      clearTimeout(call.timer)
      call.reject(new Error(reason))
    }
    thread.calls.clear()
    if (closed) return
    onFailure(reason)
    if (thread.ready) return spawn()
    restartAfter(() => closed || spawn(), restartDelay)
    restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS)
  }

  function call(message: Omit<ThreadRenderCall, 'id'>): Promise<Response> | null {
    let chosen: Thread | undefined
    for (const thread of threads) if (!chosen || thread.calls.size < chosen.calls.size) chosen = thread
    if (!chosen) return null
    const thread = chosen
    const id = nextId++
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => stop(thread, `render thread took over ${timeoutMs} ms`), timeoutMs)
      thread.calls.set(id, { resolve, reject, timer })
      thread.worker.postMessage({ id, ...message } satisfies RenderThreadMessage)
    })
  }

  return {
    settled: () => settled,
    /** Starts `count` more threads; each takes pages once it has opened its database. */
    add(count: number) {
      for (let i = 0; i < count && !closed; i++) spawn()
    },
    /** The page rendered by the least busy thread, or null when there is none. Rejects when the thread fails. */
    render(request: Request, now: number, version: string | null): Promise<Response> | null {
      return call({ url: request.url, headers: [...request.headers], now, version })
    },
    /** A search of the public JSON API run by the least busy thread, or null when there is none. */
    search(query: string, limit: number, now: number, version: string | null): Promise<SearchResult> | null {
      const answer = call({ url: '', headers: [], now, version, search: { query, limit } })
      return answer?.then((response) => response.json() as Promise<SearchResult>) ?? null
    },
    /** Stops every thread; renders in progress fail. */
    close() {
      closed = true
      for (const thread of [...threads]) stop(thread, 'render threads closed')
    },
    /** Threads running, pages they rendered, and renders that failed (each then rendered on the main thread). */
    stats: () => ({ threads: threads.size, rendered, failed }),
  }
}

/** Threads created and started at once (tests). */
export function startRenderThreads(count: number, start: RenderThreadStart, options: RenderThreadOptions) {
  const threads = createRenderThreads(start, options)
  threads.add(count)
  return threads
}

export type RenderThreads = ReturnType<typeof createRenderThreads>

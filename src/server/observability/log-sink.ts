export interface LogSink {
  write(line: string): void
  /** Writes what is gathered now: on an error line, and before the process exits. */
  flush(): void
  /**
   * Resolves once every line so far has been taken by the output, or after `timeoutMs`: a process awaits it
   * before `process.exit`, which drops what a pipe has not taken yet.
   */
  written(timeoutMs?: number): Promise<void>
}

/**
 * Past this many bytes waiting for the output (a reader that stopped reading), lines are dropped: memory
 * stays bounded, and losing log lines is better than losing the process.
 */
export const MAX_PENDING_LOG_BYTES = 4 * 1024 * 1024

/** Where lines go: process.stdout, or any stream like it (tests pass their own). */
export interface LogOutput {
  /** `false`: the output holds the chunk until its 'drain' event. */
  write(chunk: string): unknown
  on?(event: 'error', listener: (error: Error) => void): unknown
  once?(event: 'drain', listener: () => void): unknown
  readonly destroyed?: boolean
}

export interface LogSinkOptions {
  /** The longest a line waits to be written. */
  maxDelayMs?: number
  /** Gathered bytes that are written at once, whatever the delay. */
  maxBytes?: number
}

const guarded = new WeakSet<LogOutput>()

/**
 * Log lines gathered and written to the output together, a few times a second, instead of one write (a
 * system call) per line: with a line per request, the writes cost a cached page a third of its rate.
 *
 * While the output holds an earlier write (a pipe whose reader is behind), lines wait here, not in the
 * output: Bun's stdout takes every write into memory of its own and reports none of it (`writableLength` stays
 * 0), so only the sink can bound it. What is gathered is written before the process exits; what the pipe
 * has not taken by then is lost, so a process that means to exit awaits `written()` first (logger.ts `exit`). Writing never throws
 * and never ends the process: on a closed pipe (EPIPE) or a full disk (ENOSPC) lines are lost, and the output's
 * errors are taken here instead of ending the process as an unhandled 'error' event.
 */
export function createLogSink(
  out: LogOutput = process.stdout,
  { maxDelayMs = 50, maxBytes = 64 * 1024 }: LogSinkOptions = {},
): LogSink {
  let pending: string[] = []
  let bytes = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  /** The output holds a write it has not taken yet; the next waits for its 'drain'. */
  let held = false
  const waiters = new Set<() => void>()
  if (out.on && !guarded.has(out)) {
    guarded.add(out)
    out.on('error', () => {})
  }

  function settle() {
    if (held || pending.length > 0) return
    for (const resolve of waiters) resolve()
    waiters.clear()
  }

  function writeGathered() {
    const chunk = pending.join('')
    pending = []
    bytes = 0
    if (out.destroyed) return
    try {
      if (out.write(chunk) === false && out.once) {
        held = true
        out.once('drain', () => {
          held = false
          if (pending.length > 0) writeGathered()
          settle()
        })
      }
    } catch {
      // An output that throws instead of emitting 'error' (a closed file descriptor): the lines are lost.
    }
  }

  function flush() {
    if (timer) clearTimeout(timer)
    timer = null
    if (held || pending.length === 0) return
    writeGathered()
  }

  // On exit nothing waits for a 'drain' any more: the rest goes after what the output holds, in order.
  process.on('exit', () => {
    if (pending.length > 0) writeGathered()
  })
  return {
    write(line) {
      if (held && bytes > MAX_PENDING_LOG_BYTES) return
      pending.push(`${line}\n`)
      bytes += line.length + 1
      if (bytes >= maxBytes) flush()
      else if (!timer) {
        timer = setTimeout(flush, maxDelayMs)
        // A pending write never keeps the process alive; exit writes it.
        timer.unref()
      }
    },
    flush,
    written(timeoutMs = 2000) {
      flush()
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(giveUp)
          waiters.delete(done)
          resolve()
        }
        const giveUp = setTimeout(done, timeoutMs)
        waiters.add(done)
        settle()
      })
    },
  }
}

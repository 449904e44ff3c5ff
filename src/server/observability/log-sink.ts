export interface LogSink {
  write(line: string): void
  /** Writes what is gathered now: on an error line, and before the process exits. */
  flush(): void
}

/**
 * Past this many bytes waiting to be written (a reader that stopped reading), lines are dropped: memory
 * stays bounded, and losing log lines is better than losing the process.
 */
export const MAX_PENDING_LOG_BYTES = 4 * 1024 * 1024

/** Where lines go: process.stdout, or any stream like it (tests pass their own). */
export interface LogOutput {
  write(chunk: string): unknown
  on?(event: 'error', listener: (error: Error) => void): unknown
  readonly writableLength?: number
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
 * What is gathered is written before the process exits, so a clean shutdown loses no line. Writing never
 * throws and never ends the process: on a closed pipe (EPIPE) or a full disk (ENOSPC) lines are lost, and
 * the output's errors are taken here instead of ending the process as an unhandled 'error' event.
 */
export function createLogSink(
  out: LogOutput = process.stdout,
  { maxDelayMs = 50, maxBytes = 64 * 1024 }: LogSinkOptions = {},
): LogSink {
  let pending: string[] = []
  let bytes = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  if (out.on && !guarded.has(out)) {
    guarded.add(out)
    out.on('error', () => {})
  }

  function flush() {
    if (timer) clearTimeout(timer)
    timer = null
    if (pending.length === 0) return
    const chunk = pending.join('')
    pending = []
    bytes = 0
    if (out.destroyed || (out.writableLength ?? 0) > MAX_PENDING_LOG_BYTES) return
    try {
      out.write(chunk)
    } catch {
      // An output that throws instead of emitting 'error' (a closed file descriptor): the lines are lost.
    }
  }

  process.on('exit', flush)
  return {
    write(line) {
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
  }
}

export interface LogSink {
  /** `keep`: never dropped for want of room (an error line, which says why something stopped). */
  write(line: string, keep?: boolean): void
  /** Writes what is gathered now: on an error line, and before the process exits. */
  flush(): void
  /**
   * Resolves once every line so far has been taken by the output (or the output has failed), or after
   * `timeoutMs`: a process awaits it before `process.exit`, which drops what a pipe has not taken yet.
   */
  written(timeoutMs?: number): Promise<void>
}

/**
 * Past about this many bytes waiting for the output (a reader that stopped reading), lines are dropped: memory
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
  /** Gathered bytes that are written at once, whatever the delay; also the most given to the output at a time. */
  maxBytes?: number
  /** The line written, when the output takes lines again, in place of those dropped. */
  droppedLine?: (count: number) => string
}

/** Per output, what each of its sinks does when it fails (EPIPE, ENOSPC): one 'error' listener however many sinks. */
const failureListeners = new WeakMap<LogOutput, Set<() => void>>()

function onOutputFailure(out: LogOutput, listener: () => void) {
  let listeners = failureListeners.get(out)
  if (!listeners) {
    const created = new Set<() => void>()
    listeners = created
    failureListeners.set(out, created)
    out.on?.('error', () => {
      for (const failed of created) failed()
    })
  }
  listeners.add(listener)
}

/**
 * Log lines gathered and written to the output together, a few times a second, instead of one write (a
 * system call) per line: with a line per request, the writes cost a cached page a third of its rate.
 *
 * While the output holds an earlier write (a pipe whose reader is behind), lines wait here, not in the
 * output: Bun's stdout takes every write into memory of its own and reports none of it (`writableLength` stays
 * 0), so only the sink can bound it, and it gives the output at most `maxBytes` at a time. What is gathered is
 * written before the process exits; what the pipe has not taken by then is lost, so a process that means to
 * exit awaits `written()` first (logger.ts `exit`). Writing never throws and never ends the process: on a
 * closed pipe (EPIPE) or a full disk (ENOSPC) lines are lost, and the output's errors are taken here instead of
 * ending the process as an unhandled 'error' event.
 */
export function createLogSink(
  out: LogOutput = process.stdout,
  {
    maxDelayMs = 50,
    maxBytes = 64 * 1024,
    droppedLine = (count) => `(${count} log lines dropped: the output was not read in time)`,
  }: LogSinkOptions = {},
): LogSink {
  let pending: string[] = []
  let bytes = 0
  let dropped = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  /** The output holds a write it has not taken yet; the next waits for its 'drain'. */
  let held = false
  /** The output failed: nothing will be taken any more, and nothing is kept for it. */
  let failed = false
  const waiters = new Set<() => void>()

  function settle() {
    if (!failed && (held || pending.length > 0)) return
    for (const resolve of waiters) resolve()
    waiters.clear()
  }

  onOutputFailure(out, () => {
    failed = true
    pending = []
    bytes = 0
    settle()
  })

  /** Lines are dropped from the end: the note of how many goes where they would have been. */
  function noteDropped() {
    if (dropped === 0) return
    const note = `${droppedLine(dropped)}\n`
    dropped = 0
    pending.push(note)
    bytes += note.length
  }

  /** The gathered lines from the front, up to `maxBytes` (at least one line). */
  function takeChunk(): string {
    let size = 0
    let count = 0
    while (count < pending.length && (count === 0 || size + pending[count]!.length <= maxBytes)) {
      size += pending[count]!.length
      count++
    }
    bytes -= size
    return pending.splice(0, count).join('')
  }

  /** `exiting`: nothing will wait for a 'drain' any more, so everything goes after what the output holds. */
  function writeGathered(exiting = false) {
    noteDropped()
    while ((exiting || !held) && pending.length > 0 && !failed) {
      if (out.destroyed) {
        pending = []
        bytes = 0
        return
      }
      try {
        if (out.write(takeChunk()) === false && out.once && !exiting) {
          held = true
          out.once('drain', () => {
            held = false
            writeGathered()
            settle()
          })
        }
      } catch {
        // An output that throws instead of emitting 'error' (a closed file descriptor): the lines are lost.
      }
    }
  }

  function flush() {
    if (timer) clearTimeout(timer)
    timer = null
    if (!held) writeGathered()
  }

  process.on('exit', () => writeGathered(true))
  return {
    write(line, keep = false) {
      if (failed) return
      if (held && bytes > MAX_PENDING_LOG_BYTES && !keep) {
        dropped++
        return
      }
      noteDropped()
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

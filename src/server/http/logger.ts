import type { Config } from '../config'
import { errorFields } from './error-fields'

export type LogLevel = Config['LOG_LEVEL']
type LogMethod = (message: string, fields?: Record<string, unknown>) => void

export interface Logger {
  debug: LogMethod
  info: LogMethod
  warn: LogMethod
  error: LogMethod
}

/** Least to most severe; LOG_LEVEL names the least severe that is written. */
const SEVERITY: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 }

/**
 * Past this many bytes waiting to be written (a reader that stopped reading), lines are dropped: memory
 * stays bounded, and losing log lines is better than losing the process.
 */
export const MAX_PENDING_LOG_BYTES = 4 * 1024 * 1024

/** Where lines go: process.stdout, or any stream like it (tests pass their own). */
export interface LogStream {
  write(chunk: string): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  readonly writableLength?: number
  readonly destroyed?: boolean
}

const guarded = new WeakSet<LogStream>()

/**
 * One JSON object per line, so logs can be searched by field (request id, status, path). Writing never
 * throws and never crashes the process: a closed pipe (EPIPE) or a full disk (ENOSPC) loses lines, and
 * the stream's errors are taken here instead of ending the process as an unhandled 'error' event.
 */
export function createJsonLogger({
  level = 'info',
  stream = process.stdout,
}: {
  level?: LogLevel
  stream?: LogStream
} = {}): Logger {
  if (!guarded.has(stream)) {
    guarded.add(stream)
    stream.on('error', () => {})
  }
  const threshold = SEVERITY[level]
  const log = (lineLevel: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (SEVERITY[lineLevel] < threshold || stream.destroyed) return
    if ((stream.writableLength ?? 0) > MAX_PENDING_LOG_BYTES) return
    try {
      stream.write(
        `${JSON.stringify({ time: new Date().toISOString(), level: lineLevel, message, ...fields }, safeErrors)}\n`,
      )
    } catch {
      // A stream that throws instead of emitting 'error' (a closed file descriptor): the line is lost.
    }
  }
  return {
    debug: (message, fields) => log('debug', message, fields),
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
  }
}

/**
 * An Error passed as a field is written as errorFields describes it: JSON.stringify would otherwise
 * write its own properties, and a failed drizzle query keeps its SQL and parameters there.
 */
function safeErrors(_key: string, value: unknown): unknown {
  return value instanceof Error ? errorFields(value) : value
}

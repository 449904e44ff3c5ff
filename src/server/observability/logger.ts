import type { Config } from '../config'
import { errorFields } from './error-fields'
import { createLogSink, type LogSink } from './log-sink'

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

const jsonLine = (level: LogLevel, message: string, fields?: Record<string, unknown>) =>
  JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }, safeErrors)

export interface JsonLogger extends Logger {
  /**
   * Ends the process once stdout has taken its lines (at most `timeoutMs`, 2 s): process.exit drops what a
   * pipe has not taken yet, and the last lines (why it stopped) are the ones read. Called again while waiting,
   * the sooner deadline and the worse code win.
   */
  exit(code: number, timeoutMs?: number): void
}

/**
 * One JSON object per line, so logs can be searched by field (request id, status, path). Lines are
 * gathered and written together (log-sink.ts, which also keeps a broken output from ending the process);
 * an error line is written at once, with what came before it, and is never dropped for want of room.
 */
export function createJsonLogger({
  level = 'info',
  sink = createLogSink(process.stdout, {
    droppedLine: (dropped) => jsonLine('warn', 'log lines dropped: stdout was not read in time', { dropped }),
  }),
}: {
  level?: LogLevel
  sink?: LogSink
} = {}): JsonLogger {
  const threshold = SEVERITY[level]
  const log = (lineLevel: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (SEVERITY[lineLevel] < threshold) return
    sink.write(jsonLine(lineLevel, message, fields), lineLevel === 'error')
  }
  let exitCode = 0
  return {
    debug: (message, fields) => log('debug', message, fields),
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => {
      log('error', message, fields)
      sink.flush()
    },
    exit: (code, timeoutMs) => {
      exitCode = Math.max(exitCode, code)
      void sink.written(timeoutMs).then(() => process.exit(exitCode))
    },
  }
}

/**
 * An Error passed as a field is written as errorFields describes it: JSON.stringify would otherwise
 * write its own properties, and a failed drizzle query keeps its SQL and parameters there.
 */
function safeErrors(_key: string, value: unknown): unknown {
  return value instanceof Error ? errorFields(value) : value
}

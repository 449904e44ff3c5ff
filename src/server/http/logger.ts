import { createLogSink, type LogSink } from './log-sink'

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

/**
 * One JSON object per line, so logs can be searched by field (request id, status, path). Lines are
 * gathered and written together (log-sink.ts); an error line is written at once, with what came before it.
 */
export function createJsonLogger(sink: LogSink = createLogSink()): Logger {
  const log = (level: string, message: string, fields?: Record<string, unknown>) =>
    sink.write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }))
  return {
    info: (message, fields) => log('info', message, fields),
    error: (message, fields) => {
      log('error', message, fields)
      sink.flush()
    },
  }
}

export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) }
}

/**
 * A request path as logs may keep it: the secret of a preview link (48 hex digits) is a bearer credential,
 * so it is cut out, in whatever spelling the path used.
 */
export function loggablePath(path: string): string {
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // Malformed escapes: the raw path is logged, still without anything shaped like a token.
  }
  return decoded.replace(/[0-9a-f]{48}/gi, '[token]')
}

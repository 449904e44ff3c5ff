import type { Logger, LogLevel } from '../../src/server/observability/logger'

export interface LoggedLine {
  level: LogLevel
  message: string
  fields?: Record<string, unknown>
}

/** A logger that keeps its lines in `logs`, for tests that check what was logged. */
export function memoryLogger(): { logger: Logger; logs: LoggedLine[] } {
  const logs: LoggedLine[] = []
  const line = (level: LogLevel) => (message: string, fields?: Record<string, unknown>) =>
    logs.push({ level, message, fields })
  return { logs, logger: { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') } }
}

import { observeRequest } from '../metrics/metrics'
import type { Logger } from './logger'
import { requestFields } from './request-log'

export interface AnswerLogOptions {
  logger: Logger
  /** LOG_REQUESTS: metrics are kept either way. */
  logRequests: boolean
  /** The client's address as the rate limits know it. */
  clientOf: (request: Request) => string
  /** Whether the page cache answered (for the log's `cache` field). */
  cacheOutcome: (request: Request) => string | undefined
}

/**
 * Every answer, the front door's and the framework's: counted for the metrics by route pattern (never
 * the raw path), and logged when the request log is on.
 */
export function createAnswerLog({ logger, logRequests, clientOf, cacheOutcome }: AnswerLogOptions) {
  return (request: Request, route: string, path: string, status: number | string, ms: number, requestId?: string) => {
    observeRequest(request.method, route, status, ms / 1000)
    if (!logRequests) return
    logger.info('request', {
      ...requestFields(request, path, clientOf(request)),
      status,
      ms: Math.round(ms * 10) / 10,
      requestId,
      cache: cacheOutcome(request),
    })
  }
}

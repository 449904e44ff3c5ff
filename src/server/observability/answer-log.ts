import { ANALYTICS_EVENT_PATH } from '../../shared/analytics-basics'
import type { Logger } from './logger'
import { observeRequest } from './metrics'
import { requestFields } from './request-log'

/**
 * LOG_REQUESTS: 'true' writes a line per request, except answers the front door gives from memory (cached
 * pages, files), which are summed up in a line every MEMORY_SUMMARY_MS; 'all' writes those too; 'false'
 * none. Metrics count every answer either way.
 */
export type RequestLogging = 'true' | 'false' | 'all'

/** Where an answer from memory came from: a public or built file, an uploaded media file, the page cache. */
export type AnswerSource = 'file' | 'media' | 'feed' | 'page'

/**
 * A line per cached answer costs a cached page a third of its rate (the JSON, the write, whoever reads
 * the log); these answers are fixed bytes that cannot fail, so their count and statuses say enough.
 */
export const MEMORY_SUMMARY_MS = 10_000

export interface AnswerLogOptions {
  logger: Logger
  logRequests: RequestLogging
  /** The client's address as the rate limits know it. */
  clientOf: (request: Request) => string
  /** Whether the page cache answered (for the log's `cache` field). */
  cacheOutcome: (request: Request) => string | undefined
  /** Requests answered without being counted or logged: the warm-up's (warm-up.ts). */
  quiet?: (request: Request) => boolean
}

/**
 * Every answer, the front door's and the framework's: counted for the metrics by route pattern (never
 * the raw path), and logged as LOG_REQUESTS says. `fromMemory` marks the front door's answers, with where
 * they came from (a page-cache hit, a public, built or media file).
 */
export function createAnswerLog({ logger, logRequests, clientOf, cacheOutcome, quiet }: AnswerLogOptions) {
  const summary = createMemorySummary(logger)
  const answered = (
    request: Request,
    route: string,
    path: string,
    status: number | string,
    ms: number,
    requestId?: string,
    fromMemory?: { source: AnswerSource },
  ) => {
    if (quiet?.(request)) return
    observeRequest(request.method, route, status, ms / 1000)
    if (logRequests === 'false') return
    // A beacon's line would record each page view's client and user agent, which analytics never keep.
    if ((fromMemory || path === ANALYTICS_EVENT_PATH) && logRequests === 'true') return summary.count(status)
    logger.info('request', {
      ...requestFields(request, path, clientOf(request)),
      status,
      ms: Math.round(ms * 10) / 10,
      requestId,
      cache: fromMemory ? (fromMemory.source === 'page' ? 'hit' : undefined) : cacheOutcome(request),
    })
  }
  return Object.assign(answered, { flush: summary.flush })
}

/** Answers from memory, by status, written as one line when the period ends or the process stops. */
function createMemorySummary(logger: Logger) {
  let statuses: Record<string, number> = {}
  let answers = 0
  let since = Date.now()
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = null
    if (answers === 0) return
    logger.info('answered from memory', { answers, statuses, seconds: Math.round((Date.now() - since) / 100) / 10 })
    statuses = {}
    answers = 0
  }
  return {
    count(status: number | string) {
      if (answers === 0) {
        since = Date.now()
        timer = setTimeout(flush, MEMORY_SUMMARY_MS)
        timer.unref()
      }
      answers++
      statuses[status] = (statuses[status] ?? 0) + 1
    },
    flush,
  }
}

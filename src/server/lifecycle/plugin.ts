import { Elysia } from 'elysia'
import { errorAnswers } from '../http/error-answers'
import type { createAnswerLog } from '../observability/answer-log'
import type { Logger } from '../observability/logger'
import { answerLog } from './answer-log'
import { answerMapping } from './answer-mapping'
import { bodyLimit } from './body-limit'
import type { Clients } from './clients'
import { crossSiteWrites } from './cross-site-writes'
import { requestContext } from './request-context'
import { requestTarget } from './request-target'

export interface LifecycleOptions {
  /** SITE_URL, if set: the origin cross-site writes are measured against. */
  siteUrl: string | undefined
  /** The site's own origin, a request without Host is read on. */
  ownOrigin: string
  production: boolean
  clients: Clients
  /** Whether a shutdown has begun. */
  draining: () => boolean
  logger: Logger
  /** The page or JSON answered while the database is out of reach. */
  databaseUnavailable: Parameters<typeof errorAnswers>[1]
  answered: ReturnType<typeof createAnswerLog>
}

/**
 * What every request the framework routes goes through, one rule a file, in the order they run: the body
 * cap and the request target on arrival, the request's context, the cross-site check before any route's
 * own transform, the answer's connection and encoding, error answers, and the log after the answer.
 * Its hooks are global: they run for the routes of every plugin used after it, and once per request
 * when a plugin also uses it for its types (Elysia dedupes a plugin's hooks by its name).
 */
export function lifecycle(options: LifecycleOptions) {
  const context = requestContext(options.clients, options.production)
  return new Elysia({ name: 'lifecycle' })
    .use(bodyLimit())
    .use(requestTarget(options.ownOrigin, options.clients))
    .use(context)
    .use(crossSiteWrites(options.siteUrl))
    .use(answerMapping(options.draining))
    .use(errorAnswers(options.logger, options.databaseUnavailable))
    .use(answerLog(context, options.answered))
}

export type Lifecycle = ReturnType<typeof lifecycle>

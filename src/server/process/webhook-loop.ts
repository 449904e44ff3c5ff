import { and } from 'drizzle-orm'
import type { Database } from '../db/client'
import { isOpenAt, isPublic } from '../features/jobs/job-rows'
import { isPublicAt } from '../features/posts/service'
import { createAnnouncer } from '../features/webhooks/announcer'
import { webhookQueue } from '../features/webhooks/webhook-service'
import { errorFields } from '../observability/error-fields'
import type { Logger } from '../observability/logger'
import { loopOnTimer } from '../ops/renew-on-timer'
import { createWebhookDispatcher } from '../webhooks/dispatcher'

/** What the public sees, as the posts and jobs features decide it. */
export const PUBLIC_VISIBILITY = {
  post: (now: number) => isPublicAt(now)!,
  job: (now: number) => and(isPublic(), isOpenAt(now))!,
}

/** How often what the public sees is compared with what was announced, and due deliveries are sent. */
const EVERY_MS = 5_000

/**
 * The webhooks' background work in every server process: announce what changed, then deliver. Several
 * processes may run it on one database: announcing is one write per change, deliveries are claimed.
 */
export function createWebhookLoop({
  db,
  origin,
  logger,
  everyMs = EVERY_MS,
}: {
  db: Database
  origin: string
  logger: Logger
  everyMs?: number
}) {
  const clock = Date.now
  const webhooks = webhookQueue(db, clock)
  const announcer = createAnnouncer({ db, clock, webhooks, origin: () => origin, visible: PUBLIC_VISIBILITY })
  const dispatcher = createWebhookDispatcher({ db, clock })
  const run = async () => {
    await announcer.runOnce()
    await dispatcher.runOnce()
  }
  // Woken when a delivery was just queued (a test event) or what the public sees changed in this process:
  // announced and sent now, after any due before it, rather than at the next tick.
  return loopOnTimer(run, everyMs, (error) => logger.error('the webhook loop failed', errorFields(error)))
}

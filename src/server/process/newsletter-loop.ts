import type { ContentVersion } from '../cache/content-version'
import type { Database } from '../db/client'
import { isPublicAt } from '../features/posts/service'
import { createNewsletter } from '../features/subscribers/newsletter'
import { createSubscriberService } from '../features/subscribers/subscriber-service'
import { errorFields } from '../observability/error-fields'
import type { Logger } from '../observability/logger'
import { loopOnTimer, renewOnTimer } from '../ops/renew-on-timer'

/** How often posts that went public are checked for an email to send. */
const EVERY_MS = 5_000

/**
 * The newsletter's background work in every server process with mail: making the issue of each post that
 * went public with "Email this post" ticked (one write; several processes may try), then waking the sender.
 * `compose` is what the mail sender fills each newsletter row with.
 */
export function createNewsletterLoop({
  db,
  content,
  origin,
  mail,
  logger,
  everyMs = EVERY_MS,
  clock,
}: {
  db: Database
  content: Pick<ContentVersion, 'write'>
  origin: string
  mail: { domain: string; wake: () => void }
  logger: Logger
  everyMs?: number
  /** What "now" is for what the public sees; tests pass their own. */
  clock?: () => number
}) {
  const newsletter = createNewsletter({
    db,
    content,
    origin: () => origin,
    mail,
    visible: (now) => isPublicAt(now)!,
    ...(clock ? { clock } : {}),
  })
  const run = async () => {
    const queued = await newsletter.runOnce()
    if (queued > 0) {
      logger.info('newsletter queued', { messages: queued })
      mail.wake()
    }
  }
  return {
    compose: newsletter.compose,
    // Woken when what the public sees changed (a post gone public): its issue is made now, not at the next tick.
    ...loopOnTimer(run, everyMs, (error) => logger.error('the newsletter loop failed', errorFields(error))),
  }
}

/** The first cleanup waits this long after the start: nothing about it is needed to answer the first requests. */
const CLEANUP_AFTER_START_MS = 5 * 60_000
const CLEANUP_EVERY_MS = 60 * 60_000

/**
 * Every hour, in every process: addresses never confirmed are deleted once their link ran out (with or
 * without mail: a site that stopped sending keeps nobody waiting).
 */
export function createSubscriberCleanup({
  db,
  content,
  logger,
}: {
  db: Database
  content: Pick<ContentVersion, 'write'>
  logger: Logger
}) {
  const service = createSubscriberService(db, { content, mail: null, origin: () => '' })
  const failed = (error: unknown) => logger.error('deleting unconfirmed subscribers failed', errorFields(error))
  let first: ReturnType<typeof setTimeout> | undefined
  let timer: ReturnType<typeof renewOnTimer> | null = null
  return {
    start() {
      first = setTimeout(() => {
        timer = renewOnTimer(async () => void (await service.forgetUnconfirmed()), CLEANUP_EVERY_MS, failed)
        timer.now().catch(failed)
      }, CLEANUP_AFTER_START_MS)
      first.unref?.()
    },
    stop() {
      clearTimeout(first)
      return timer?.stop() ?? Promise.resolve()
    },
  }
}

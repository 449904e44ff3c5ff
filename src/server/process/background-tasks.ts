import { createAuditLog } from '../audit/audit-log'
import { createContentVersion } from '../cache/content-version'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { createApplicationAdminService } from '../features/applications/admin-service'
import { createApplicationRetention } from '../features/applications/retention'
import { createSearchIndexCompaction } from '../features/posts/search-index-compaction'
import { siteOrigins } from '../http/request-target'
import { createOutboxReader } from '../mail/outbox'
import { createMailSender } from '../mail/sender'
import { mailSettings } from '../mail/settings'
import { smtpTransport } from '../mail/transport'
import type { Logger } from '../observability/logger'
import { createNewsletterLoop, createSubscriberCleanup } from './newsletter-loop'
import { createWebhookLoop } from './webhook-loop'

/**
 * What a server process does besides answering requests: sending the outbox (when SMTP_URL is set),
 * deleting applications past APPLICATION_RETENTION_DAYS, merging the search indexes, and telling webhooks what
 * the public sees change. Every process may
 * run them all; they share the database safely. `mail` is what the app needs to queue messages and wake the
 * sender; nothing runs until `start`, which the server calls once it listens (each starts with a run).
 */
export function createBackgroundTasks(
  db: Database,
  config: Pick<
    Config,
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'HIRING_EMAIL'
    | 'APPLICATION_RETENTION_DAYS'
    | 'AUDIT_RETENTION_DAYS'
    | 'SITE_URL'
    | 'NEWSLETTER_PER_SECOND'
    | 'MAIL_CLAIM_SECONDS'
  >,
  logger: Logger,
) {
  const settings = mailSettings(config)
  const origin = siteOrigins(config.SITE_URL).own
  const content = createContentVersion(db)
  let wake = () => {}
  // Without SITE_URL every link in a newsletter would point at localhost: none is sent (the warning below says so).
  const newsletter =
    settings && config.SITE_URL
      ? createNewsletterLoop({
          db,
          content,
          origin,
          mail: { domain: settings.domain, wake: () => wake() },
          logger,
        })
      : null
  const sender = settings
    ? createMailSender({
        db,
        transport: smtpTransport(settings.smtpUrl),
        from: settings.from,
        logger,
        claimMs: config.MAIL_CLAIM_SECONDS * 1000,
        ...(newsletter ? { bulk: { compose: newsletter.compose, perSecond: config.NEWSLETTER_PER_SECOND } } : {}),
      })
    : null
  if (sender) wake = sender.wake
  if (!settings) logger.info('SMTP_URL is not set: no email is sent (the admin says so)')
  else if (!config.SITE_URL)
    logger.warn(
      'SMTP_URL is set without SITE_URL: links in emails point at http://localhost and no newsletter is sent; set SITE_URL',
    )

  const retention = createApplicationRetention({
    service: createApplicationAdminService(db, { content, outbox: createOutboxReader(db) }),
    audit: createAuditLog(db, { retentionDays: config.AUDIT_RETENTION_DAYS }),
    days: config.APPLICATION_RETENTION_DAYS,
    logger,
  })
  const compaction = createSearchIndexCompaction({ db, logger })
  const webhooks = createWebhookLoop({ db, origin, logger })
  const unconfirmed = createSubscriberCleanup({ db, content, logger })

  return {
    mail: settings && sender ? { settings, wake: sender.wake } : null,
    wake: { webhooks: webhooks.wake, newsletter: () => newsletter?.wake() },
    start() {
      sender?.start()
      newsletter?.start()
      unconfirmed.start()
      retention.start()
      compaction.start()
      webhooks.start()
    },
    async stop() {
      retention.stop()
      await Promise.all([sender?.stop(), newsletter?.stop(), unconfirmed.stop(), compaction.stop(), webhooks.stop()])
    },
  }
}

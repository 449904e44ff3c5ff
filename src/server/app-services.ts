import { ANALYTICS_RETENTION_DAYS_DEFAULT } from '../shared/analytics'
import { APPLICATION_RETENTION_DAYS_DEFAULT } from '../shared/application-pipeline'
import { derivePreviewerDigest, type PreviewerGate } from '../shared/previewer'
import type { AppDeps, FeatureDeps } from './app-deps'
import { createAuditLog } from './audit/audit-log'
import { adminSessionPlugin, type SignedIn } from './auth/admin-session'
import { passkeyRegistration } from './auth/passkey-registration'
import { createPasskeyStore } from './auth/passkeys'
import { createSessionStore, signedInRecently } from './auth/sessions'
import { createContentVersion } from './cache/content-version'
import { createProxyPurges } from './cache/proxy-purge'
import { reachabilityLog } from './db/errors'
import type { AdminPluginOptions } from './features/admin/plugin'
import { createAnalytics } from './features/analytics/analytics-service'
import { createMediaService } from './features/media/service'
import { createInvitations } from './features/staff/invitations'
import { createPasswordResets } from './features/staff/password-resets'
import { createStaffService } from './features/staff/service'
import { newsletterProgress } from './features/subscribers/newsletter'
import { createSubscriberService } from './features/subscribers/subscriber-service'
import { createOutboxReader } from './mail/outbox'
import { errorFields } from './observability/error-fields'
import { trackBackups, trackProxyPurges, trackUploads } from './observability/metrics'
import { lastBackups } from './ops/scheduled-backups'
import { createPublicServices } from './public-services'

const NO_PREVIEW_GATE: PreviewerGate = { configured: false, digest: null, hint: null }

/**
 * The services more than one part of the app uses, each made once per app (app.ts wires them): the
 * content version, the public reads the pages share, uploads, the outbox, the administrator's sessions
 * and the audit log, what every feature plugin is handed (`feature`) and what the admin feature is (`admin`).
 */
export function createAppServices(
  deps: AppDeps,
  clock: () => number,
  clientKey: (request: Request) => string,
  /** The site's own origin (links in emails) and the one pages are served on (passkeys' relying party). */
  origins: { own: string; page: (request: Request) => string },
) {
  const { config, db, logger } = deps
  const ownOrigin = () => origins.own
  const previewerGate = deps.previewerGate ?? NO_PREVIEW_GATE
  const purges = createProxyPurges(config, logger)
  if (purges) trackProxyPurges(purges.stats)
  trackBackups(() => lastBackups(db))
  const content = createContentVersion(db, clock, reachabilityLog(logger), {
    onChange: (keys) => {
      if (purges) void purges.changed(keys)
      // A post or job gone public is announced and emailed now, not at the loops' next tick.
      deps.wake?.webhooks()
      deps.wake?.newsletter()
    },
  })
  const mail = deps.mail ?? null
  const retentionDays = config.APPLICATION_RETENTION_DAYS ?? APPLICATION_RETENTION_DAYS_DEFAULT
  const reads = createPublicServices(db, {
    content,
    clock,
    cacheContent: deps.cachePages !== false,
    mail,
    retentionDays,
    previewerGate,
    ipv6Prefix: config.LIMIT_IPV6_PREFIX,
    uploads: { budgetMbPerDay: config.UPLOAD_BUDGET_MB_PER_DAY, warn: logger.warn },
    logError: logger.error,
    renderThreads: deps.renderThreads,
  })
  trackUploads(reads.applications.uploadStats)
  const sessions = createSessionStore(db, clock)
  const audit = createAuditLog(db, { clock, retentionDays: config.AUDIT_RETENTION_DAYS })
  const signedInOf = new WeakMap<Request, SignedIn>()
  const people = createStaffService(db, { content, clock })
  const passkeys = createPasskeyStore(db, clock)
  const staffMail = mail
    ? { domain: mail.settings.domain, hiringEmail: mail.settings.hiringEmail, wake: mail.wake }
    : null
  const isPreviewerPassword = async (candidate: string) =>
    previewerGate.configured &&
    (await derivePreviewerDigest(candidate, previewerGate.salt, previewerGate.iterations)) === previewerGate.digest
  const feature: FeatureDeps = {
    db,
    content,
    clock,
    session: adminSessionPlugin(sessions, { secureCookies: config.NODE_ENV === 'production', signedInOf }),
    clientKey,
    record: (request, type, subject, person = signedInOf.get(request)?.user) =>
      audit.record(type, { clientAddress: clientKey(request), subject, person }),
  }
  const outbox = createOutboxReader(db)
  return {
    analytics: createAnalytics(db, {
      clock,
      origin: origins.own,
      allowedByServer: config.ANALYTICS !== 'off',
      retentionDays: config.ANALYTICS_RETENTION_DAYS ?? ANALYTICS_RETENTION_DAYS_DEFAULT,
      onError: (error: unknown) => logger.error('analytics could not be written', errorFields(error)),
    }),
    reads,
    content,
    previewerGate,
    mail,
    outbox,
    /** The applications feature's options but the applications themselves (app.ts adds the page reads'). */
    applications: { outbox, origin: ownOrigin, retentionDays, mail: staffMail },
    media: createMediaService(db, { content, clock }),
    subscribers: {
      subscribers: createSubscriberService(db, { content, clock, mail: staffMail, origin: ownOrigin }),
      ipv6Prefix: config.LIMIT_IPV6_PREFIX,
      newsletterOf: (postId: number) => newsletterProgress(db, postId),
      mail: staffMail,
      origin: ownOrigin,
      onError: (error: unknown) => logger.error('a subscription failed', errorFields(error)),
    },
    feature,
    admin: {
      password: deps.adminPassword,
      isPreviewerPassword,
      sessions,
      audit,
      sleep: deps.sleep,
      ipv6Prefix: config.LIMIT_IPV6_PREFIX,
      staff: people,
      passkeys,
      pageOrigin: origins.page,
    } satisfies AdminPluginOptions,
    staff: {
      people,
      invitations: createInvitations(db, { content, clock, mail: staffMail, origin: ownOrigin }),
      resets: createPasswordResets(db, { content, clock, mail: staffMail, origin: ownOrigin }),
      registration: passkeyRegistration(passkeys, origins.page),
      isPreviewerPassword,
      recentlySignedIn: signedInRecently(sessions, clock),
      ipv6Prefix: config.LIMIT_IPV6_PREFIX,
    },
  }
}

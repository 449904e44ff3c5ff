import type { PreviewerGate } from '../shared/previewer'
import type { RecordEvent } from './audit/audit-log'
import type { AdminSessionPlugin } from './auth/admin-session'
import type { AdminPassword } from './auth/password'
import type { ContentVersion } from './cache/content-version'
import type { Config } from './config'
import type { Database } from './db/client'
import type { MailSettings } from './mail/settings'
import type { Logger } from './observability/logger'
import type { AssetManifest } from './render/assets'
import type { RenderThreads } from './render/render-threads'

/** What the app is built from: main.ts passes the real ones, tests their own clock, database and logger. */
export interface AppDeps {
  config: Pick<Config, 'NODE_ENV' | 'SITE_URL' | 'LOG_REQUESTS'> &
    Partial<
      Pick<
        Config,
        | 'TRUST_PROXY'
        | 'AUDIT_RETENTION_DAYS'
        | 'METRICS_TOKEN'
        | 'APPLICATION_RETENTION_DAYS'
        | 'LIMIT_IPV6_PREFIX'
        | 'UPLOAD_BUDGET_MB_PER_DAY'
        | 'ANALYTICS'
        | 'ANALYTICS_RETENTION_DAYS'
        | 'PURGE_URLS'
        | 'PURGE_TOKEN'
        | 'PURGE_WEBHOOK_URL'
        | 'PURGE_WEBHOOK_HEADER'
        | 'PURGE_WEBHOOK_FIELD'
        | 'STALE_PAGE_HOURS'
      >
    >
  db: Database
  adminPassword: AdminPassword
  assets: AssetManifest
  logger: Logger
  publicDir?: string
  distDir?: string
  /** Keep rendered public pages and blog reads in memory (default on); tests of streaming turn it off. */
  cachePages?: boolean
  /** The request's "now" and the sessions' clock; tests pass their own. */
  clock?: () => number
  /** How the login limits wait under pressure; tests record the waits instead of sitting through them. */
  sleep?: (ms: number) => Promise<unknown>
  /** The previewer's gate (main.ts loads it with `loadPreviewerGate`); without it the previewer is not configured. */
  previewerGate?: PreviewerGate
  /**
   * True once a shutdown has begun (main.ts): /readyz answers 503, and every answer closes its connection
   * so keep-alive clients move elsewhere before the server stops.
   */
  draining?: () => boolean
  /** Email (SMTP_URL set): the settings, and the sender to wake when a message is queued. Without it none is sent. */
  mail?: { settings: MailSettings; wake: () => void } | null
  /**
   * The background loops to run at once rather than at their next tick (main.ts's background tasks): the
   * webhooks' when a delivery is queued or what the public sees changes, the newsletter's when it changes.
   */
  wake?: { webhooks: () => void; newsletter: () => void } | null
  /** Threads that render pages for the page cache (main.ts, RENDER_THREADS); without them pages render in line. */
  renderThreads?: RenderThreads | null
}

/** What app.ts hands every feature plugin beside the services the plugin is given by name. */
export interface FeatureDeps {
  db: Database
  content: ContentVersion
  clock: () => number
  /** The administrator's session: its `{ admin: true }` guard and `adminSession`. */
  session: AdminSessionPlugin
  /** Writes an event to the audit log, with the request's client. */
  record: RecordEvent
  /** The request's client as the rate limits count it. */
  clientKey: (request: Request) => string
}

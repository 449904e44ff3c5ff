import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, type Site } from '../../src/server/app'
import { loadAdminPassword } from '../../src/server/auth/password'
import { type Database, openDatabase } from '../../src/server/db/client'
import { applyMigrations } from '../../src/server/db/migrate'
import { seedJobsOnce } from '../../src/server/features/jobs/seed'
import { seedBlogIfEmpty } from '../../src/server/features/posts/seed'
import { loadPreviewerGate } from '../../src/server/features/previewer/previewer-gate'
import { createMailSender, type MailSender } from '../../src/server/mail/sender'
import { mailSettings } from '../../src/server/mail/settings'
import { smtpTransport } from '../../src/server/mail/transport'
import type { Logger, LogLevel } from '../../src/server/observability/logger'
import { enableMetrics } from '../../src/server/observability/metrics'
import { loadAssetManifest } from '../../src/server/render/assets'
import { type RenderThreads, startRenderThreads } from '../../src/server/render/render-threads'
import { APPLICATION_RETENTION_DAYS_DEFAULT } from '../../src/shared/application-pipeline'
import { copyMigratedDatabase } from './template-database'

export interface TestApp {
  /** The framework's part (routes, hooks); `fetch` answers as the server does, front door first. */
  app: Site['app']
  fetch: Site['fetch']
  /** What main.ts runs before the server listens. */
  warmUp: Site['warmUp']
  db: Database
  /** The database file, for a second app on the same data. */
  databaseUrl: string
  logs: { level: LogLevel; message: string; fields?: Record<string, unknown> }[]
  /** The outbox's sender, when the app was made with `smtpUrl` (not started: tests run it with `runOnce`). */
  mailSender: MailSender | null
  /** The render threads, when the app was made with `renderThreads`. */
  renderThreads: RenderThreads | null
  /** Counting visits: `flush()` writes what is held, as the server's timer does every few seconds. */
  analytics: Site['analytics']
  /** `fetch` with a path on http://localhost. */
  request(path: string, init?: RequestInit): Promise<Response>
  close(): void
}

/**
 * A real app on a fresh migrated database file in a temporary folder; close() removes it. With `seed`,
 * the bundled posts are inserted relative to `now` (default: the real clock), as at a first start; the
 * bundled jobs are always inserted unless `seedJobs` is false.
 */
export const TEST_ADMIN_PASSWORD = 'correct horse battery staple'

export async function createTestApp(
  options: {
    now?: number | (() => number)
    seed?: boolean
    /** Insert the bundled jobs, as every start does (default); false starts without any job. */
    seedJobs?: boolean
    adminPassword?: string
    /** Take the client address from X-Forwarded-For, as behind a proxy (to act as many clients). */
    trustProxy?: boolean
    sleep?: (ms: number) => Promise<unknown>
    /** Configures the blog previewer, as PREVIEW_PASSWORD does (its gate is derived as at a start). */
    previewerPassword?: string
    /** Turns /metrics on, as METRICS_TOKEN does. */
    metricsToken?: string
    /** Whether a shutdown has begun (main.ts's); default never. */
    draining?: () => boolean
    /** Email through this SMTP server, as SMTP_URL does. */
    smtpUrl?: string
    applicationRetentionDays?: number
    /** The day's budget of stored résumés, as UPLOAD_BUDGET_MB_PER_DAY sets it. */
    uploadBudgetMbPerDay?: number
    /** Pages for the page cache are rendered by this many render threads, as RENDER_THREADS does (default none). */
    renderThreads?: number
    /** ANALYTICS=off. */
    analyticsOff?: boolean
    /** The background loops the app wakes, as main.ts's background tasks. */
    wake?: { webhooks: () => void; newsletter: () => void }
    /** Makes the database file itself (an older schema, say) instead of copying the migrated template. */
    prepareDatabase?: (file: string) => Promise<void>
  } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'site-test-'))
  const databaseUrl = `file:${join(dir, 'site.db')}`
  await (options.prepareDatabase ?? copyMigratedDatabase)(join(dir, 'site.db'))
  const db = await openDatabase({ url: databaseUrl })
  // Nothing to do on a current copy (one read); a copy older than the code is caught here, as at a start.
  await applyMigrations(db)
  const clock =
    typeof options.now === 'function' ? options.now : options.now === undefined ? Date.now : () => options.now as number
  if (options.seed) await seedBlogIfEmpty(db, clock())
  if (options.seedJobs !== false) await seedJobsOnce(db, clock())
  const logs: TestApp['logs'] = []
  const logger: Logger = {
    debug: (message, fields) => logs.push({ level: 'debug', message, fields }),
    info: (message, fields) => logs.push({ level: 'info', message, fields }),
    warn: (message, fields) => logs.push({ level: 'warn', message, fields }),
    error: (message, fields) => logs.push({ level: 'error', message, fields }),
  }
  const settings = mailSettings({ SMTP_URL: options.smtpUrl, HIRING_EMAIL: 'hiring@studio.test' })
  const mailSender = settings
    ? createMailSender({ db, transport: smtpTransport(settings.smtpUrl), from: settings.from, logger, clock })
    : null
  const previewerGate = await loadPreviewerGate(db, { PREVIEW_PASSWORD: options.previewerPassword })
  const assets = loadAssetManifest()
  const renderThreads = options.renderThreads
    ? startRenderThreads(
        options.renderThreads,
        {
          database: { url: databaseUrl },
          clockOffsetMs: clock() - Date.now(),
          siteUrl: undefined,
          logLevel: 'error',
          assets,
          retentionDays: options.applicationRetentionDays ?? APPLICATION_RETENTION_DAYS_DEFAULT,
          previewerGate,
        },
        {
          script: new URL('../../src/server/render-thread.ts', import.meta.url),
          timeoutMs: 10_000,
          onFailure: (reason) => logger.error('render thread failed', { reason }),
        },
      )
    : null
  // As main.ts: counting starts before the first request.
  if (options.metricsToken) await enableMetrics()
  const { app, fetch, warmUp, analytics } = createApp({
    config: {
      NODE_ENV: 'test',
      // Every answer a line, those from memory too: tests read them (answer-log.test.ts tests the default).
      LOG_REQUESTS: 'all',
      SITE_URL: undefined,
      APPLICATION_RETENTION_DAYS: options.applicationRetentionDays,
      ...(options.trustProxy ? { TRUST_PROXY: 'true' as const } : {}),
      METRICS_TOKEN: options.metricsToken,
      UPLOAD_BUDGET_MB_PER_DAY: options.uploadBudgetMbPerDay,
      ...(options.analyticsOff ? { ANALYTICS: 'off' as const } : {}),
    },
    mail: settings && mailSender ? { settings, wake: mailSender.wake } : null,
    db,
    adminPassword: await loadAdminPassword(db, options.adminPassword ?? TEST_ADMIN_PASSWORD, () => {}),
    assets,
    logger,
    clock,
    sleep: options.sleep,
    previewerGate,
    draining: options.draining,
    wake: options.wake,
    renderThreads,
  })
  return {
    app,
    fetch,
    warmUp,
    db,
    databaseUrl,
    logs,
    mailSender,
    request: async (path, init) => fetch(new Request(`http://localhost${path}`, init)),
    renderThreads,
    analytics,
    close() {
      renderThreads?.close()
      db.$client.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

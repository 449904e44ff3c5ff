import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export interface PageCacheStats {
  hits: number
  misses: number
  staleAnswers: number
  bytes: number
  entries: number
}

export interface RenderStats {
  running: number
  waiting: number
  refused: number
}

export interface MediaProcessingStats {
  running: number
  waiting: number
  refused: number
}

export interface UploadStats {
  heldBytes: number
  storedTodayBytes: number
  refused: Record<string, number>
}

export interface RenderThreadStats {
  threads: number
  rendered: number
  failed: number
}

/** What the app holds itself, read when scraped (metrics.ts `track…`). */
export interface MetricSources {
  pageCache?: () => PageCacheStats
  renders?: () => RenderStats
  renderThreads?: () => RenderThreadStats
  uploads?: () => UploadStats
  mediaProcessing?: () => MediaProcessingStats
  proxyPurges?: () => { sent: number; failed: number }
  /** When the last backup and off-site copy succeeded, by any process (the database says: ops/scheduled-backups.ts). */
  lastBackups?: () => Promise<{ local: number | null; offsite: number | null }>
}

/** What the app counts with (metrics.ts), once metrics are on. */
export interface Meters {
  registry: Registry
  observeRequest(method: string, route: string, status: number | string, seconds: number): void
  countDatabaseError(code: string): void
  countLoginFailure(kind: string): void
  countEmail(outcome: string): void
  recordBackup(outcome: 'success' | 'failure'): void
  recordOffsiteBackup(outcome: 'success' | 'failure'): void
}

/** Methods outside these are one label value: a client cannot invent label values (cardinality). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The process's registry and meters (metrics.ts `enableMetrics` makes them once). */
export function createMeters(sources: MetricSources): Meters {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]

  /** A counter whose total is kept elsewhere (a plain integer on the hot path) and copied when scraped. */
  function countedElsewhere(name: string, help: string, read: () => Record<string, number> | undefined, label: string) {
    return new Counter({
      name,
      help,
      labelNames: [label],
      registers,
      collect() {
        const totals = read()
        if (!totals) return
        this.reset()
        for (const [value, total] of Object.entries(totals)) this.inc({ [label]: value }, total)
      },
    })
  }

  function gauge(name: string, help: string, read: () => number | undefined) {
    return new Gauge({
      name,
      help,
      registers,
      collect() {
        const value = read()
        if (value !== undefined) this.set(value)
      },
    })
  }

  countedElsewhere(
    'site_page_cache_requests_total',
    'Public page requests answered from the page cache (hit), rendered (miss), or answered with a page no longer known to be current while the database could not be reached (stale).',
    () => {
      const stats = sources.pageCache?.()
      return stats && { hit: stats.hits, miss: stats.misses, stale: stats.staleAnswers }
    },
    'outcome',
  )
  countedElsewhere(
    'site_proxy_purges_total',
    'Purges by key sent to the caching proxies in front (PURGE_URLS, PURGE_WEBHOOK_URL), answered (sent) or not (failed).',
    () => {
      const stats = sources.proxyPurges?.()
      return stats && { sent: stats.sent, failed: stats.failed }
    },
    'outcome',
  )
  gauge('site_page_cache_bytes', 'Bytes the page cache holds.', () => sources.pageCache?.().bytes)
  gauge('site_page_cache_entries', 'Pages the page cache holds.', () => sources.pageCache?.().entries)
  gauge('site_renders_in_flight', 'React renders running now.', () => sources.renders?.().running)
  gauge('site_renders_waiting', 'Renders waiting in line for a turn.', () => sources.renders?.().waiting)
  gauge('site_render_threads', 'Render threads running now.', () => sources.renderThreads?.().threads)
  countedElsewhere(
    'site_thread_renders_total',
    'Pages rendered on a render thread, and renders a thread failed (each then rendered on the main thread).',
    () => {
      const stats = sources.renderThreads?.()
      return stats && { rendered: stats.rendered, failed: stats.failed }
    },
    'outcome',
  )
  countedElsewhere(
    'site_renders_refused_total',
    'Renders refused with a 503 (line full or waited too long).',
    () => {
      const stats = sources.renders?.()
      return stats && { busy: stats.refused }
    },
    'reason',
  )

  gauge('site_upload_bytes_in_memory', 'Résumé upload bytes held in memory now.', () => sources.uploads?.().heldBytes)
  gauge(
    'site_upload_stored_bytes_last_day',
    'Résumé bytes stored in the last 24 hours, as last read by the upload gate (UPLOAD_BUDGET_MB_PER_DAY bounds it).',
    () => sources.uploads?.().storedTodayBytes,
  )
  countedElsewhere(
    'site_uploads_refused_total',
    'Résumé uploads refused before their body was read, by reason.',
    () => sources.uploads?.().refused,
    'reason',
  )

  gauge(
    'site_media_processing_running',
    'Uploaded images being processed now.',
    () => sources.mediaProcessing?.().running,
  )
  gauge(
    'site_media_processing_waiting',
    'Uploaded images waiting for a turn.',
    () => sources.mediaProcessing?.().waiting,
  )
  countedElsewhere(
    'site_media_processing_refused_total',
    'Uploaded images refused for want of a processing turn (line full or waited too long).',
    () => {
      const stats = sources.mediaProcessing?.()
      return stats && { busy: stats.refused }
    },
    'reason',
  )

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status; its _count is the request count.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const databaseErrors = new Counter({
    name: 'site_database_errors_total',
    help: "Errors from the database client, by libSQL's error code.",
    labelNames: ['code'] as const,
    registers,
  })
  const loginFailures = new Counter({
    name: 'site_login_failures_total',
    help: 'Wrong passwords and second-factor codes given to sign in or to confirm a sensitive change.',
    labelNames: ['kind'] as const,
    registers,
  })
  const emails = new Counter({
    name: 'site_emails_total',
    help: 'Emails the outbox of this process tried to send: sent, retrying (to be tried again later) or failed (given up).',
    labelNames: ['outcome'] as const,
    registers,
  })
  /** A count by outcome in this process, and the time of the last success by any process (alert when it gets old). */
  function outcomes(name: string, help: string, lastName: string, lastHelp: string, which: 'local' | 'offsite') {
    const total = new Counter({ name, help, labelNames: ['outcome'] as const, registers })
    new Gauge({
      name: lastName,
      help: lastHelp,
      registers,
      async collect() {
        const last = await sources.lastBackups?.().catch(() => null)
        const at = last?.[which]
        if (at) this.set(at / 1000)
      },
    })
    return (outcome: 'success' | 'failure') => total.inc({ outcome })
  }

  return {
    registry,
    observeRequest: (method, route, status, seconds) =>
      requestDuration.observe({ method: METHODS.has(method) ? method : 'OTHER', route, status }, seconds),
    countDatabaseError: (code) => databaseErrors.inc({ code }),
    countLoginFailure: (kind) => loginFailures.inc({ kind }),
    countEmail: (outcome) => emails.inc({ outcome }),
    recordBackup: outcomes(
      'site_backups_total',
      'Database backups made by this process, by outcome.',
      'site_backup_last_success_timestamp_seconds',
      'When the last successful scheduled backup finished, made by any process sharing the database (Unix time).',
      'local',
    ),
    recordOffsiteBackup: outcomes(
      'site_offsite_backups_total',
      'Backups sent off-site by this process, by outcome: success once the stored copy was checked, failure for one not sent (retried at the next backup).',
      'site_offsite_backup_last_success_timestamp_seconds',
      'When the last backup sent off-site was checked there, by any process sharing the database (Unix time).',
      'offsite',
    ),
  }
}

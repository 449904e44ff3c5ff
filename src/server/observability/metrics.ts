/**
 * The process's metrics, in Prometheus' text format at /metrics (features/metrics), kept only when that
 * route is on (METRICS_TOKEN): `enableMetrics` loads prom-client (a twentieth of a second at start) and
 * makes the process's one registry, as Prometheus scrapes a process. Any module may count here (features
 * import it, it imports nothing of the app); until then counting costs nothing. What the app holds itself
 * (the page cache, the render line) is read when scraped, through the sources `createApp` gives, so a cached
 * page costs one histogram observation and nothing more.
 */
import type {
  MediaProcessingStats,
  Meters,
  MetricSources,
  PageCacheStats,
  RenderStats,
  RenderThreadStats,
  UploadStats,
} from './prometheus'

export type { PageCacheStats, RenderStats }

/** Read at scrape time; the app registers them (the last app made in a process wins, as there is one). */
const sources: MetricSources = {}

let meters: Promise<Meters> | null = null
let ready: Meters | null = null

/** Starts counting (once per process; later calls get the same registry). */
export function enableMetrics(): Promise<Meters['registry']> {
  meters ??= import('./prometheus').then(({ createMeters }) => {
    ready = createMeters(sources)
    return ready
  })
  return meters.then((m) => m.registry)
}

/** `route` is a pattern (`/api/blog/:id`, `/blog/:slug`), never the raw path, so the label values stay few. */
export function observeRequest(method: string, route: string, status: number | string, seconds: number): void {
  ready?.observeRequest(method, route, status, seconds)
}

/** Counts a failed call to the database under the driver's code (db/errors.ts `databaseErrorCode`). */
export function countDatabaseError(code = 'UNKNOWN'): void {
  ready?.countDatabaseError(code)
}

/** An email the outbox tried to send (mail/sender.ts): sent, to be retried, or given up as failed. */
export function countEmail(outcome: 'sent' | 'retrying' | 'failed'): void {
  ready?.countEmail(outcome)
}

/** A wrong password or second-factor code given to sign in or to confirm a sensitive change. */
export function countLoginFailure(kind: 'password' | 'code'): void {
  ready?.countLoginFailure(kind)
}

/** For whatever makes backups: counts it (the time of the last good one is read from the database: `trackBackups`). */
export function recordBackup(outcome: 'success' | 'failure'): void {
  ready?.recordBackup(outcome)
}

/** For the off-site copies of backups (ops/offsite-backups.ts): each one sent, or not. */
export function recordOffsiteBackup(outcome: 'success' | 'failure'): void {
  ready?.recordOffsiteBackup(outcome)
}

/** Where every process reads when the last backups succeeded, whichever process made them. */
export const trackBackups = (last: () => Promise<{ local: number | null; offsite: number | null }>) => {
  sources.lastBackups = last
}

/** The media processing queue (tasks/processing-queue.ts). */
export const trackMediaProcessing = (stats: () => MediaProcessingStats) => {
  sources.mediaProcessing = stats
}

/** The résumé upload gate (features/applications/upload-gate.ts). */
export const trackUploads = (stats: () => UploadStats) => {
  sources.uploads = stats
}

/** Purges of the caching proxies in front (cache/proxy-purge.ts). */
export const trackProxyPurges = (stats: () => { sent: number; failed: number }) => {
  sources.proxyPurges = stats
}

export const trackPageCache = (stats: () => PageCacheStats) => {
  sources.pageCache = stats
}
export const trackRenders = (stats: () => RenderStats) => {
  sources.renders = stats
}

/** Render threads (render/render-threads.ts): their database errors are counted in their own registries. */
export const trackRenderThreads = (stats: () => RenderThreadStats) => {
  sources.renderThreads = stats
}

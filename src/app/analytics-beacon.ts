import { ANALYTICS_EVENT_PATH, type AnalyticsBeacon, isCountedPath } from '../shared/analytics-basics'

/** The browser asked not to be tracked: Global Privacy Control, or Do Not Track. */
const declined = () =>
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true ||
  navigator.doNotTrack === '1'

/**
 * Tells the site's own analytics about a page or a step (features/analytics on the server): a beacon the
 * browser sends even as the page closes, nothing stored in the browser, nothing sent when it asked not to
 * be tracked or from the staff's pages.
 */
export function sendAnalytics(beacon: AnalyticsBeacon): void {
  if (typeof navigator === 'undefined' || declined()) return
  if (!isCountedPath(beacon.url.split('?')[0] ?? '')) return
  const body = JSON.stringify(beacon)
  if (navigator.sendBeacon?.(ANALYTICS_EVENT_PATH, new Blob([body], { type: 'application/json' }))) return
  void fetch(ANALYTICS_EVENT_PATH, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => {})
}

/** The page in front of the visitor, as the beacon names it. */
export const currentPage = () => `${location.pathname}${location.search}`

/** The document was opened, not reloaded or returned to: where the visitor came from begins a visit. */
export function arrived(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return entry?.type !== 'reload' && entry?.type !== 'back_forward'
}

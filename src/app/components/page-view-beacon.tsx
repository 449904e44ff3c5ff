import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** The document was opened, not reloaded or returned to: where the visitor came from begins a visit. */
const arrived = () => {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return entry?.type !== 'reload' && entry?.type !== 'back_forward'
}

/**
 * Counts each page a visitor sees, after it is shown: the first with the address they came from (where
 * the visit began; not on a reload), the next ones, reached within the site, without. The beacon's code is
 * fetched after the page is up, so every page's script stays within its budget (scripts/size.ts).
 */
export function PageViewBeacon() {
  const { pathname, search } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    const url = `${pathname}${search}`
    const beacon =
      first.current && arrived()
        ? { event: 'view' as const, url, referrer: document.referrer }
        : { event: 'view' as const, url }
    first.current = false
    void import('../analytics-beacon').then(({ sendAnalytics }) => sendAnalytics(beacon))
  }, [pathname, search])
  return null
}

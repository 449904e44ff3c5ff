import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

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
    const landing = first.current
    first.current = false
    void import('../analytics-beacon').then(({ arrived, sendAnalytics }) =>
      sendAnalytics(
        landing && arrived() ? { event: 'view', url, referrer: document.referrer } : { event: 'view', url },
      ),
    )
  }, [pathname, search])
  return null
}

import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { sendAnalytics } from '../analytics-beacon'

/**
 * Counts each page a visitor sees, after it is shown: the first with the address they came from (where
 * the visit began), the next ones, reached within the site, without.
 */
export function PageViewBeacon() {
  const { pathname, search } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    const url = `${pathname}${search}`
    sendAnalytics(first.current ? { event: 'view', url, referrer: document.referrer } : { event: 'view', url })
    first.current = false
  }, [pathname, search])
  return null
}

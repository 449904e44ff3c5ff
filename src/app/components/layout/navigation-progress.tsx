import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'

/** Quick navigations (prefetched posts) finish before this, so the bar never flashes for them. */
const SHOW_AFTER_MS = 150

/** A thin bar across the top while a client navigation waits for its data; the page stays usable. */
export function NavigationProgress() {
  const loading = useNavigation().state !== 'idle'
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (!loading) return setVisible(false)
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS)
    return () => clearTimeout(timer)
  }, [loading])

  return visible ? <div className="navigation-progress" role="progressbar" aria-label="Loading page" /> : null
}

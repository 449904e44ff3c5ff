import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'

/** Quick navigations (prefetched posts) finish before this, so the bar never flashes for them. */
const SHOW_AFTER_MS = 150

/** True while a client navigation waits for its data (or a form submission for its answer). */
export const useNavigating = () => useNavigation().state !== 'idle'

/** A thin bar across the top while a client navigation waits for its data; the page stays usable. */
export function NavigationProgress() {
  const navigating = useNavigating()
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (!navigating) return setVisible(false)
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS)
    return () => clearTimeout(timer)
  }, [navigating])

  return visible ? <div className="navigation-progress" role="progressbar" aria-label="Loading page" /> : null
}

import { useEffect, useRef } from 'react'
import { useBlocker } from 'react-router'

/**
 * While there are unsaved changes, leaving the page asks first: the browser's own warning for a reload,
 * a closed tab or another address, and the returned blocker (shown as a dialog) for navigation inside
 * the app. `allowLeave` is for a departure the administrator already confirmed (logging out).
 */
export function useLeaveWarning(unsaved: boolean) {
  const confirmed = useRef(false)
  useEffect(() => {
    if (!unsaved) return
    const warn = (event: BeforeUnloadEvent) => {
      if (confirmed.current) return
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unsaved])

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  )
  return {
    blocker,
    allowLeave() {
      confirmed.current = true
    },
  }
}

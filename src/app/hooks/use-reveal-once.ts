import { useEffect, useRef, useState } from 'react'
import { REVEAL_THRESHOLD } from '../../shared/constants'

/**
 * Becomes true once the element is REVEAL_THRESHOLD visible and never goes back. Without
 * IntersectionObserver the content is shown at once; without JavaScript CSS keeps it visible.
 */
export function useRevealOnce<T extends Element>() {
  const ref = useRef<T>(null)
  const [revealed, setRevealed] = useState(false)

  useEffect(() => {
    const element = ref.current
    if (!element || revealed) return
    if (typeof IntersectionObserver === 'undefined') {
      setRevealed(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRevealed(true)
          observer.disconnect()
        }
      },
      { threshold: REVEAL_THRESHOLD },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [revealed])

  return { ref, revealed }
}

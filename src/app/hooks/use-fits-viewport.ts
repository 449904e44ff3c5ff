import { type RefObject, useEffect, useState } from 'react'

/**
 * Whether the element, placed at its CSS `top`, fits whole in the viewport. Measured again whenever the
 * element or the window changes size. False until measured, as on the server.
 */
export function useFitsViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const top = Number.parseFloat(getComputedStyle(element).top) || 0
      setFits(top + element.offsetHeight <= window.innerHeight)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    window.addEventListener('resize', measure)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', measure)
    }
  }, [ref])
  return fits
}

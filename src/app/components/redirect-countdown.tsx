import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { NOT_FOUND_REDIRECT_SECONDS } from '../../shared/constants'

/** The not-found pages' visible countdown; it starts after hydration and then replaces the URL with `to`. */
export function RedirectCountdown({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate()
  const [seconds, setSeconds] = useState(NOT_FOUND_REDIRECT_SECONDS)

  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000)
    return () => clearInterval(timer)
  }, [])
  useEffect(() => {
    if (seconds === 0) navigate(to, { replace: true })
  }, [seconds, navigate, to])

  return (
    <p className="countdown" role="timer" aria-live="off">
      {`Redirecting to ${label} in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}…`}
    </p>
  )
}

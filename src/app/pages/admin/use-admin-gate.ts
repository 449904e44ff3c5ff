import { useEffect, useState } from 'react'
import { loginPathFor } from '../../../shared/paths'
import { isRole, type StaffUser } from '../../../shared/staff'
import type { ToastInput } from '../../components/toast/toast-store'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_TOASTS } from './admin-messages'

export type GateState = { state: 'checking' | 'redirecting' } | { state: 'authenticated'; user: StaffUser }
export const GATE_REDIRECT_DELAY_MS = 1000

/** Who is signed in, or null when the check is not a 200. */
async function checkOnce(url: string): Promise<StaffUser | null> {
  const response = await fetch(url, {
    credentials: 'include',
    cache: 'no-store',
    headers: { 'cache-control': 'no-cache' },
  })
  if (response.status !== 200) return null
  const body = (await response.json()) as { user?: StaffUser }
  return body.user && isRole(body.user.role) ? body.user : null
}

/**
 * Spec §4/§7's admin gate: check the session; if that is not a 200, try once more with an absolute URL
 * and a cache-buster; then either show the page (to the person the check names) or explain and go to the
 * login screen, which brings them back here afterwards.
 */
export function useAdminGate(): GateState {
  const toast = useToast()
  const [gate, setGate] = useState<GateState>({ state: 'checking' })

  useEffect(() => {
    let cancelled = false
    const leave = (message: ToastInput) => {
      if (cancelled) return
      setGate({ state: 'redirecting' })
      toast(message)
      const back = `${window.location.pathname}${window.location.search}`
      setTimeout(() => window.location.assign(loginPathFor(back)), GATE_REDIRECT_DELAY_MS)
    }
    ;(async () => {
      try {
        const user =
          (await checkOnce('/api/admin/check')) ??
          (await checkOnce(`${window.location.origin}/api/admin/check?_=${Date.now()}`))
        if (cancelled) return
        if (user) setGate({ state: 'authenticated', user })
        else leave(ADMIN_TOASTS.authenticationRequired)
      } catch {
        leave(ADMIN_TOASTS.authenticationError)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [toast])

  return gate
}

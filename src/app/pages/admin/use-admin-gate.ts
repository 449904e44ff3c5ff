import { useEffect, useState } from 'react'
import { PAGES } from '../../../shared/paths'
import type { ToastInput } from '../../components/toast/toast-store'
import { useToast } from '../../components/toast/toaster'
import { ADMIN_TOASTS } from './admin-messages'

export type GateState = 'checking' | 'authenticated' | 'redirecting'
export const GATE_REDIRECT_DELAY_MS = 1000

async function checkOnce(url: string): Promise<boolean> {
  const response = await fetch(url, {
    credentials: 'include',
    cache: 'no-store',
    headers: { 'cache-control': 'no-cache' },
  })
  return response.status === 200
}

/**
 * Spec §4/§7's admin gate: check the session; if that is not a 200, try once more with an absolute URL
 * and a cache-buster; then either show the page or explain and go to the login screen.
 */
export function useAdminGate(): GateState {
  const toast = useToast()
  const [state, setState] = useState<GateState>('checking')

  useEffect(() => {
    let cancelled = false
    const leave = (message: ToastInput) => {
      if (cancelled) return
      setState('redirecting')
      toast(message)
      setTimeout(() => window.location.assign(PAGES.adminLogin), GATE_REDIRECT_DELAY_MS)
    }
    ;(async () => {
      try {
        const ok =
          (await checkOnce('/api/admin/check')) ||
          (await checkOnce(`${window.location.origin}/api/admin/check?_=${Date.now()}`))
        if (cancelled) return
        if (ok) setState('authenticated')
        else leave(ADMIN_TOASTS.authenticationRequired)
      } catch {
        leave(ADMIN_TOASTS.authenticationError)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [toast])

  return state
}

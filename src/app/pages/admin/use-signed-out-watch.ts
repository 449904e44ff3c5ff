import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { loginPathFor } from '../../../shared/paths'
import { useToast } from '../../components/toast/toaster'
import { ApiError } from '../../data/api-request'
import { ADMIN_TOASTS } from './admin-messages'
import { GATE_REDIRECT_DELAY_MS } from './use-admin-gate'

const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401

/**
 * A session can end while the admin is open (suspended, removed, signed out from elsewhere): the first
 * call answered 401 says so and takes the person to the login screen, which brings them back here.
 */
export function useSignedOutWatch() {
  const queryClient = useQueryClient()
  const toast = useToast()
  useEffect(() => {
    let left = false
    const leave = async (error: unknown) => {
      if (left || !signedOut(error)) return
      // A 401 may also be a wrong current password: only a session check that fails too means signed out.
      const check = await fetch('/api/admin/check', { credentials: 'include', cache: 'no-store' }).catch(() => null)
      if (left || check?.status !== 401) return
      left = true
      toast(ADMIN_TOASTS.sessionEnded)
      const back = `${window.location.pathname}${window.location.search}`
      setTimeout(() => window.location.assign(loginPathFor(back)), GATE_REDIRECT_DELAY_MS)
    }
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') void leave(event.action.error)
    })
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') void leave(event.action.error)
    })
    return () => {
      queries()
      mutations()
    }
  }, [queryClient, toast])
}

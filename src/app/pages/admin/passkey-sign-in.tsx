import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser'
import { useEffect, useState } from 'react'
import { PASSKEY_MESSAGES } from '../../../shared/staff'
import { useToast } from '../../components/toast/toaster'
import { apiRequest } from '../../data/api-request'
import { ADMIN_TOASTS } from './admin-messages'

/**
 * "Sign in with a passkey": the browser offers the passkeys it has for this site, the chosen one signs
 * its owner in with nothing typed. Shown only where the browser can do WebAuthn.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const toast = useToast()
  const [supported, setSupported] = useState(false)
  const [busy, setBusy] = useState(false)
  useEffect(() => setSupported(browserSupportsWebAuthn()), [])
  if (!supported) return null
  const signIn = async () => {
    setBusy(true)
    try {
      const optionsJSON = await apiRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        '/api/admin/passkey-login/options',
        { method: 'POST' },
      )
      const response = await startAuthentication({ optionsJSON: optionsJSON! })
      await apiRequest('/api/admin/passkey-login', { method: 'POST', body: { response } })
      onSignedIn()
    } catch (failure) {
      setBusy(false)
      // Closing the browser's passkey window is no failure worth a red toast.
      if (failure instanceof Error && failure.name === 'NotAllowedError') return
      toast(ADMIN_TOASTS.loginFailed(failure, PASSKEY_MESSAGES.notAccepted))
    }
  }
  return (
    <button type="button" className="button button--ghost admin-card__submit" disabled={busy} onClick={signIn}>
      {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </button>
  )
}

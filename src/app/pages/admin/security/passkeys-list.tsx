import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { formatDisplayDateTime } from '../../../../shared/dates'
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH, type PasskeyInfo } from '../../../../shared/staff'
import { FormField } from '../../../components/form-field'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ApiError, apiGet, apiRequest } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { LoadError } from '../load-error'
import { EMPTY_REAUTH, type FieldError, ReauthFields, type ReauthValues, reauthProblem } from './reauth-fields'

const passkeysQuery = () =>
  queryOptions({
    queryKey: ['passkeys'],
    queryFn: ({ signal }) => apiGet<PasskeyInfo[]>('/api/admin/passkeys', signal),
  })

/** Registers a passkey on this device: the server's options, the browser's ceremony, the server's check. */
async function addPasskey(name: string, proof: ReauthValues | null) {
  const body = proof && { password: proof.password, ...(proof.code.trim() ? { code: proof.code } : {}) }
  const optionsJSON = await apiRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/api/admin/passkeys/options',
    { method: 'POST', ...(body ? { body } : {}) },
  )
  const response = await startRegistration({ optionsJSON: optionsJSON! })
  return apiRequest<{ id: string; name: string }>('/api/admin/passkeys', { method: 'POST', body: { response, name } })
}

/** The person's passkeys: sign in with one alone (no password, no code); add one for this device, remove any. */
export function PasskeysList({ twoFactor }: { twoFactor: boolean }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const passkeys = useQuery(passkeysQuery())
  const [name, setName] = useState('')
  // Null until the server asks for them (the sign-in was a while ago): the password, and a code with two-factor.
  const [proof, setProof] = useState<ReauthValues | null>(null)
  const [proofError, setProofError] = useState<FieldError>(null)
  const [supported, setSupported] = useState(true)
  useEffect(() => setSupported(browserSupportsWebAuthn()), [])
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['passkeys'] })
  const add = useMutation({
    mutationFn: () => addPasskey(name.trim(), proof),
    onSuccess: () => {
      setName('')
      setProof(null)
      toast(ADMIN_TOASTS.passkeyAdded)
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.body?.reauthenticationRequired === true && proof === null)
        setProof(EMPTY_REAUTH)
      else if (proof && failure instanceof ApiError && failure.status === 401)
        setProofError({ field: failure.body?.twoFactorRequired ? 'code' : 'password', message: failure.message })
      else toast(ADMIN_TOASTS.securityFailed(failure))
    },
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest(`/api/admin/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => toast(ADMIN_TOASTS.passkeyRemoved),
    onError: (failure) => toast(ADMIN_TOASTS.securityFailed(failure)),
    onSettled: refresh,
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const problem = proof && reauthProblem(proof, twoFactor)
    setProofError(problem)
    if (!problem) add.mutate()
  }
  return (
    <section className="admin-card admin-card--flat" aria-labelledby="passkeys-title">
      <h3 id="passkeys-title" className="admin-card__subtitle">
        Passkeys
      </h3>
      <p className="admin-status">Sign in with your fingerprint, face or device PIN instead of a password.</p>
      {passkeys.isPending ? (
        <LoadingSkeleton label="Loading passkeys..." lines={1} />
      ) : passkeys.isError ? (
        <LoadError title="Error loading passkeys" message="Please try again." onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.length === 0 ? (
        <p className="admin-status">No passkeys yet.</p>
      ) : (
        <ul className="passkey-list">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="passkey-list__item">
              <span>
                <strong>{passkey.name}</strong>
                <span className="admin-table__muted">
                  {' '}
                  · added {formatDisplayDateTime(passkey.createdAt)}
                  {passkey.lastUsedAt ? ` · last used ${formatDisplayDateTime(passkey.lastUsedAt)}` : ''}
                </span>
              </span>
              <button
                type="button"
                className="button button--danger button--small"
                disabled={remove.isPending}
                onClick={() => remove.mutate(passkey.id)}
              >
                Remove<span className="visually-hidden"> the passkey {passkey.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form className="passkey-add" onSubmit={onSubmit} noValidate>
          <FormField id="passkey-name" label="Name of this passkey" hint="For example: Work laptop">
            {(control) => (
              <input
                {...control}
                value={name}
                maxLength={PASSKEY_NAME_MAX_LENGTH}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </FormField>
          {proof && (
            <>
              <p className="admin-status">{PASSKEY_MESSAGES.reauthenticationRequired}</p>
              <ReauthFields
                idPrefix="passkey"
                twoFactor={twoFactor}
                values={proof}
                error={proofError}
                focusOnMount
                onChange={(next) => {
                  setProof(next)
                  setProofError(null)
                }}
              />
            </>
          )}
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
          </button>
        </form>
      ) : (
        <p className="admin-status">This browser cannot use passkeys.</p>
      )}
    </section>
  )
}

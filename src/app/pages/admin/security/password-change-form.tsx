import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { ADMIN_PASSWORD_MIN_LENGTH, newPasswordProblem, SECURITY_MESSAGES } from '../../../../shared/admin-security'
import { FormField } from '../../../components/form-field'
import { useToast } from '../../../components/toast/toaster'
import { ApiError, errorMessage } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { refreshSecurity, securityWrites } from '../admin-queries'
import { EMPTY_REAUTH, ReauthFields, reauthError } from './reauth-fields'

type FieldError = { field: 'password' | 'code' | 'new' | 'confirm'; message: string }

/** Current password (and code), the new one twice; every other session is signed out when it changes. */
export function PasswordChangeForm({ twoFactor }: { twoFactor: boolean }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [current, setCurrent] = useState(EMPTY_REAUTH)
  const [next, setNext] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState<FieldError | null>(null)
  const change = useMutation({
    mutationFn: () =>
      securityWrites.changePassword({
        currentPassword: current.password,
        newPassword: next,
        ...(twoFactor ? { code: current.code.trim() } : {}),
      }),
    onSuccess: (result) => {
      setCurrent(EMPTY_REAUTH)
      setNext('')
      setConfirmation('')
      toast(ADMIN_TOASTS.passwordChanged(result.signedOut))
      void refreshSecurity(queryClient)
    },
    onError: (failure) =>
      setError(
        // A 400 is about the new password; anything else about the proof of who is asking.
        failure instanceof ApiError && failure.status === 400
          ? { field: 'new', message: errorMessage(failure, SECURITY_MESSAGES.newPasswordTooShort) }
          : reauthError(failure, 'The password could not be changed.'),
      ),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const problem = newPasswordProblem(next, confirmation)
    if (!current.password) setError({ field: 'password', message: SECURITY_MESSAGES.currentPasswordRequired })
    else if (twoFactor && !current.code.trim()) setError({ field: 'code', message: SECURITY_MESSAGES.codeRequired })
    else if (problem)
      setError({ field: problem === SECURITY_MESSAGES.confirmationMismatch ? 'confirm' : 'new', message: problem })
    else change.mutate()
  }
  const clear = () => setError(null)
  return (
    <section className="admin-card admin-card--flat" aria-labelledby="password-title">
      <h3 id="password-title" className="admin-card__subtitle">
        Password
      </h3>
      <form className="security-form" onSubmit={onSubmit} noValidate>
        <ReauthFields
          idPrefix="password-current"
          twoFactor={twoFactor}
          values={current}
          error={error?.field === 'password' || error?.field === 'code' ? { ...error, field: error.field } : null}
          onChange={(values) => {
            setCurrent(values)
            clear()
          }}
        />
        <FormField
          id="password-new"
          label="New password"
          hint={`At least ${ADMIN_PASSWORD_MIN_LENGTH} characters; a few unrelated words work well.`}
          error={error?.field === 'new' ? error.message : null}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(event) => {
                setNext(event.target.value)
                clear()
              }}
            />
          )}
        </FormField>
        <FormField
          id="password-confirm"
          label="Confirm new password"
          error={error?.field === 'confirm' ? error.message : null}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => {
                setConfirmation(event.target.value)
                clear()
              }}
            />
          )}
        </FormField>
        <p className="field__hint">Every other signed-in session is signed out when the password changes.</p>
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </button>
      </form>
    </section>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { ADMIN_PASSWORD_MIN_LENGTH, newPasswordProblem, SECURITY_MESSAGES } from '../../../../shared/admin-security'
import { FormField } from '../../../components/form-field'
import { useToast } from '../../../components/toast/toaster'
import { ApiError, errorMessage } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { refreshSecurity, securityWrites } from '../admin-queries'
import {
  EMPTY_REAUTH,
  type FieldError,
  ReauthFields,
  reauthError,
  reauthProblem,
  useFocusOnError,
} from './reauth-fields'

type Field = 'password' | 'code' | 'new' | 'confirm'

const FIELD_IDS: Record<Field, string> = {
  password: 'password-current-password',
  code: 'password-current-code',
  new: 'password-new',
  confirm: 'password-confirm',
}

/** Where a refusal belongs: a 400 is about the new password unless it names the proof. */
function refusalField(failure: unknown): Field {
  if (!(failure instanceof ApiError) || failure.status !== 400) return reauthError(failure, '').field
  if (failure.message === SECURITY_MESSAGES.currentPasswordRequired) return 'password'
  if (failure.message === SECURITY_MESSAGES.codeRequired) return 'code'
  return 'new'
}

/** Current password (and code), the new one twice; every other session is signed out when it changes. */
export function PasswordChangeForm({ twoFactor }: { twoFactor: boolean }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [current, setCurrent] = useState(EMPTY_REAUTH)
  const [next, setNext] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState<FieldError<Field>>(null)
  useFocusOnError(error, (field) => FIELD_IDS[field as Field])
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
      setError({ field: refusalField(failure), message: errorMessage(failure, 'The password could not be changed.') }),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (change.isPending) return
    const proof = reauthProblem(current, twoFactor)
    const problem = newPasswordProblem(next, confirmation)
    if (proof) setError(proof)
    else if (problem)
      setError({ field: problem === SECURITY_MESSAGES.confirmationMismatch ? 'confirm' : 'new', message: problem })
    else change.mutate()
  }
  const proofError = error?.field === 'password' || error?.field === 'code' ? { ...error, field: error.field } : null
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
          error={proofError}
          onChange={(values) => {
            setCurrent(values)
            setError(null)
          }}
        />
        <FormField
          id={FIELD_IDS.new}
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
                setError(null)
              }}
            />
          )}
        </FormField>
        <FormField
          id={FIELD_IDS.confirm}
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
                setError(null)
              }}
            />
          )}
        </FormField>
        <p className="field__hint">Every other signed-in session is signed out when the password changes.</p>
        <button type="submit" className="button button--primary" aria-disabled={change.isPending || undefined}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </button>
      </form>
    </section>
  )
}

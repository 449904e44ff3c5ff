import { type ReactNode, useEffect, useRef } from 'react'
import { SECURITY_MESSAGES } from '../../../../shared/admin-security'
import { FormField } from '../../../components/form-field'
import { ApiError, errorMessage } from '../../../data/api-request'

export interface ReauthValues {
  password: string
  code: string
}

export const EMPTY_REAUTH: ReauthValues = { password: '', code: '' }

export type FieldError<Field extends string = 'password' | 'code'> = { field: Field; message: string } | null

/** Moves focus to the field an error is about, so the error is read out where it can be fixed. */
export function useFocusOnError(error: FieldError<string>, idOf: (field: string) => string) {
  const idOfRef = useRef(idOf)
  idOfRef.current = idOf
  useEffect(() => {
    if (error) document.getElementById(idOfRef.current(error.field))?.focus()
  }, [error])
}

/** Focuses an element once, when it appears (a step that opens takes the keyboard with it). */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => ref.current?.focus(), [])
  return ref
}

/** The first problem with a re-authentication before it is sent. */
export function reauthProblem(values: ReauthValues, twoFactor: boolean): FieldError {
  if (!values.password.trim()) return { field: 'password', message: SECURITY_MESSAGES.currentPasswordRequired }
  if (twoFactor && !values.code.trim()) return { field: 'code', message: SECURITY_MESSAGES.codeRequired }
  return null
}

/** The password again, and a code when two-factor sign-in is on: what sensitive changes ask for. */
export function ReauthFields({
  idPrefix,
  twoFactor,
  values,
  onChange,
  error,
  focusOnMount = false,
}: {
  idPrefix: string
  twoFactor: boolean
  values: ReauthValues
  onChange: (values: ReauthValues) => void
  error?: FieldError<string>
  focusOnMount?: boolean
}) {
  const password = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (focusOnMount) password.current?.focus()
  }, [focusOnMount])
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        label="Current password"
        error={error?.field === 'password' ? error.message : null}
      >
        {(control) => (
          <input
            {...control}
            ref={password}
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => onChange({ ...values, password: event.target.value })}
          />
        )}
      </FormField>
      {twoFactor && (
        <FormField
          id={`${idPrefix}-code`}
          label="Authentication code"
          hint="From your authenticator app, or a recovery code."
          error={error?.field === 'code' ? error.message : null}
        >
          {(control) => (
            <input
              {...control}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              value={values.code}
              onChange={(event) => onChange({ ...values, code: event.target.value })}
            />
          )}
        </FormField>
      )}
    </>
  )
}

/** Which field a refused re-authentication is about: the code when the server asked for one. */
export function reauthError(failure: unknown, fallback: string): { field: 'password' | 'code'; message: string } {
  const field = failure instanceof ApiError && failure.body?.twoFactorRequired === true ? 'code' : 'password'
  return { field, message: errorMessage(failure, fallback) }
}

/**
 * A step's submit and Cancel. The submit stays focusable while busy (aria-disabled, not disabled), so
 * focus is not lost to the page; the form refuses a second submit itself.
 */
export function StepActions({
  busy,
  danger = false,
  onCancel,
  children,
}: {
  busy: boolean
  danger?: boolean
  onCancel: () => void
  children: ReactNode
}) {
  return (
    <div className="security-actions">
      <button
        type="submit"
        className={`button ${danger ? 'button--danger' : 'button--primary'}`}
        aria-disabled={busy || undefined}
      >
        {children}
      </button>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}

import { FormField } from '../../../components/form-field'
import { ApiError, errorMessage } from '../../../data/api-request'

export interface ReauthValues {
  password: string
  code: string
}

export const EMPTY_REAUTH: ReauthValues = { password: '', code: '' }

/** The password again, and a code when two-factor sign-in is on: what sensitive changes ask for. */
export function ReauthFields({
  idPrefix,
  twoFactor,
  values,
  onChange,
  passwordLabel = 'Current password',
  error,
}: {
  idPrefix: string
  twoFactor: boolean
  values: ReauthValues
  onChange: (values: ReauthValues) => void
  passwordLabel?: string
  error?: { field: 'password' | 'code'; message: string } | null
}) {
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        label={passwordLabel}
        error={error?.field === 'password' ? error.message : null}
      >
        {(control) => (
          <input
            {...control}
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

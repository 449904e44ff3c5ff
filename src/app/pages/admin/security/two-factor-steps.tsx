import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { SECURITY_MESSAGES } from '../../../../shared/admin-security'
import { FormField } from '../../../components/form-field'
import { useToast } from '../../../components/toast/toaster'
import { errorMessage } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { refreshSecurity, securityWrites } from '../admin-queries'
import { QrCode } from './qr-code'
import {
  EMPTY_REAUTH,
  type FieldError,
  ReauthFields,
  type ReauthValues,
  reauthError,
  reauthProblem,
  StepActions,
  useFocusOnError,
  useFocusOnMount,
} from './reauth-fields'

/** The secret as an authenticator app's "enter a key" screen shows it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/** The recovery codes, shown once right after two-factor is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const text = codes.join('\n')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      toast(ADMIN_TOASTS.recoveryCodesCopied)
    } catch (error) {
      toast(ADMIN_TOASTS.securityFailed(error))
    }
  }
  return (
    <div className="security-step">
      <h4 ref={heading} tabIndex={-1} className="security-step__title">
        Save your recovery codes
      </h4>
      <p>
        Each code signs you in once if you lose your phone. They are shown only now: copy or download them and keep them
        somewhere safe.
      </p>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="security-actions">
        <button type="button" className="button button--ghost" onClick={() => void copy()}>
          Copy codes
        </button>
        <a
          className="button button--ghost"
          download="recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
        >
          Download
        </a>
        <button type="button" className="button button--primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  )
}

/** The QR code, the key in text and the first code that turns two-factor on. */
export function SetupStep({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: { secret: string; otpauthUrl: string }
  onCancel: () => void
  onEnabled: (codes: string[]) => void
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const [code, setCode] = useState('')
  const [error, setError] = useState<FieldError<'code'>>(null)
  useFocusOnError(error, () => 'two-factor-first-code')
  const enable = useMutation({
    mutationFn: (value: string) => securityWrites.enableTwoFactor(value),
    onSuccess: (result) => onEnabled(result.recoveryCodes),
    onError: (failure) => setError({ field: 'code', message: errorMessage(failure, SECURITY_MESSAGES.invalidCode) }),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (enable.isPending) return
    if (!code.trim()) setError({ field: 'code', message: SECURITY_MESSAGES.codeRequired })
    else enable.mutate(code.trim())
  }
  return (
    <form className="security-step" onSubmit={onSubmit} noValidate aria-labelledby="two-factor-setup-title">
      <h4 id="two-factor-setup-title" ref={heading} tabIndex={-1} className="security-step__title">
        Set up two-factor sign-in
      </h4>
      <ol className="security-step__list">
        <li>
          Scan this code with an authenticator app (1Password, Google Authenticator, Authy, …).
          <QrCode text={setup.otpauthUrl} label="QR code of the authenticator secret" />
        </li>
        <li>
          Or enter this key by hand:{' '}
          <code className="security-secret" data-testid="two-factor-secret">
            {grouped(setup.secret)}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows to turn two-factor sign-in on.</li>
      </ol>
      <FormField id="two-factor-first-code" label="Authentication code" error={error?.message}>
        {(control) => (
          <input
            {...control}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(event) => {
              setCode(event.target.value)
              setError(null)
            }}
          />
        )}
      </FormField>
      <StepActions busy={enable.isPending} onCancel={onCancel}>
        {enable.isPending ? 'Turning on...' : 'Turn on'}
      </StepActions>
    </form>
  )
}

/** Turning it off: the password and a code, asked for in a form that opens on request. */
export function DisableForm({ onClosed }: { onClosed: () => void }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [values, setValues] = useState(EMPTY_REAUTH)
  const [error, setError] = useState<FieldError>(null)
  useFocusOnError(error, (field) => `two-factor-off-${field}`)
  const disable = useMutation({
    mutationFn: () => securityWrites.disableTwoFactor({ password: values.password, code: values.code.trim() }),
    onSuccess: () => {
      toast(ADMIN_TOASTS.twoFactorOff)
      onClosed()
      void refreshSecurity(queryClient)
    },
    onError: (failure) => setError(reauthError(failure, 'Two-factor sign-in could not be turned off.')),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (disable.isPending) return
    const problem = reauthProblem(values, true)
    if (problem) setError(problem)
    else disable.mutate()
  }
  return (
    <form className="security-step" onSubmit={onSubmit} noValidate aria-labelledby="two-factor-off-title">
      <h4 id="two-factor-off-title" className="security-step__title">
        Turn two-factor sign-in off
      </h4>
      <ReauthFields
        idPrefix="two-factor-off"
        twoFactor
        focusOnMount
        values={values}
        error={error}
        onChange={(next) => {
          setValues(next)
          setError(null)
        }}
      />
      <StepActions busy={disable.isPending} danger onCancel={onClosed}>
        Turn off
      </StepActions>
    </form>
  )
}

/** The password, when the sign-in is too old for setting up two-factor without it. */
export function SetupProof({
  onProof,
  onCancel,
}: {
  onProof: (password: string) => Promise<void>
  onCancel: () => void
}) {
  const [values, setValues] = useState<ReauthValues>(EMPTY_REAUTH)
  const [error, setError] = useState<FieldError>(null)
  const [busy, setBusy] = useState(false)
  useFocusOnError(error, (field) => `two-factor-setup-${field}`)
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const problem = reauthProblem(values, false)
    if (problem) return setError(problem)
    setBusy(true)
    try {
      await onProof(values.password)
    } catch (failure) {
      setError(reauthError(failure, SECURITY_MESSAGES.wrongCurrentPassword))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="security-step" onSubmit={onSubmit} noValidate>
      <p>{SECURITY_MESSAGES.reauthenticationRequired}</p>
      <ReauthFields
        idPrefix="two-factor-setup"
        twoFactor={false}
        focusOnMount
        values={values}
        error={error}
        onChange={(next) => {
          setValues(next)
          setError(null)
        }}
      />
      <StepActions busy={busy} onCancel={onCancel}>
        Continue
      </StepActions>
    </form>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { RECOVERY_CODE_COUNT, SECURITY_MESSAGES } from '../../../../shared/admin-security'
import { FormField } from '../../../components/form-field'
import { useToast } from '../../../components/toast/toaster'
import { ApiError, errorMessage } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { refreshSecurity, securityWrites } from '../admin-queries'
import { QrCode } from './qr-code'
import { EMPTY_REAUTH, ReauthFields, type ReauthValues, reauthError } from './reauth-fields'

/** The secret as an authenticator app's "enter a key" screen shows it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
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

function SetupStep({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: { secret: string; otpauthUrl: string }
  onCancel: () => void
  onEnabled: (codes: string[]) => void
}) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const enable = useMutation({
    mutationFn: (value: string) => securityWrites.enableTwoFactor(value),
    onSuccess: (result) => onEnabled(result.recoveryCodes),
    onError: (failure) => setError(errorMessage(failure, SECURITY_MESSAGES.invalidCode)),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) setError(SECURITY_MESSAGES.codeRequired)
    else enable.mutate(code.trim())
  }
  return (
    <form className="security-step" onSubmit={onSubmit} noValidate>
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
      <FormField id="two-factor-first-code" label="Authentication code" error={error}>
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
      <div className="security-actions">
        <button type="submit" className="button button--primary" disabled={enable.isPending}>
          {enable.isPending ? 'Turning on...' : 'Turn on'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function DisableForm() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState(EMPTY_REAUTH)
  const [error, setError] = useState<ReturnType<typeof reauthError> | null>(null)
  const disable = useMutation({
    mutationFn: () => securityWrites.disableTwoFactor(values),
    onSuccess: () => {
      toast(ADMIN_TOASTS.twoFactorOff)
      void refreshSecurity(queryClient)
    },
    onError: (failure) => setError(reauthError(failure, 'Two-factor sign-in could not be turned off.')),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!values.password) setError({ field: 'password', message: SECURITY_MESSAGES.currentPasswordRequired })
    else if (!values.code.trim()) setError({ field: 'code', message: SECURITY_MESSAGES.codeRequired })
    else disable.mutate()
  }
  if (!open)
    return (
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        Turn off two-factor sign-in
      </button>
    )
  return (
    <form className="security-step" onSubmit={onSubmit} noValidate aria-labelledby="two-factor-off-title">
      <h4 id="two-factor-off-title" className="security-step__title">
        Turn two-factor sign-in off
      </h4>
      <ReauthFields
        idPrefix="two-factor-off"
        twoFactor
        values={values}
        error={error}
        onChange={(next) => {
          setValues(next)
          setError(null)
        }}
      />
      <div className="security-actions">
        <button type="submit" className="button button--danger" disabled={disable.isPending}>
          Turn off
        </button>
        <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** Two-factor sign-in: set up with a QR code and a first code, recovery codes shown once, turned off with proof. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  // Null until the server asks for the password (the sign-in was not recent).
  const [proof, setProof] = useState<ReauthValues | null>(null)
  const [proofError, setProofError] = useState<ReturnType<typeof reauthError> | null>(null)
  const start = useMutation({
    mutationFn: (password?: string) => securityWrites.setupTwoFactor(password),
    onSuccess: (result) => {
      setProof(null)
      setSetup(result)
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.body?.reauthenticationRequired === true && proof === null)
        setProof(EMPTY_REAUTH)
      else if (proof !== null) setProofError(reauthError(failure, SECURITY_MESSAGES.wrongCurrentPassword))
      else toast(ADMIN_TOASTS.securityFailed(failure))
    },
  })
  const onProof = (event: FormEvent) => {
    event.preventDefault()
    if (!proof?.password) setProofError({ field: 'password', message: SECURITY_MESSAGES.currentPasswordRequired })
    else start.mutate(proof.password)
  }

  return (
    <section className="admin-card admin-card--flat" aria-labelledby="two-factor-title">
      <h3 id="two-factor-title" className="admin-card__subtitle">
        Two-factor sign-in
      </h3>
      {recoveryCodes ? (
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(null)
            void refreshSecurity(queryClient)
          }}
        />
      ) : enabled ? (
        <>
          <p className="security-state security-state--on">
            On: signing in needs your password and a code from your authenticator app.
          </p>
          <DisableForm />
        </>
      ) : setup ? (
        <SetupStep
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(codes) => {
            setSetup(null)
            setRecoveryCodes(codes)
            toast(ADMIN_TOASTS.twoFactorOn)
          }}
        />
      ) : (
        <>
          <p className="security-state">
            Off. With it on, signing in also needs a code from an app on your phone, and you get {RECOVERY_CODE_COUNT}{' '}
            recovery codes for the day the phone is lost.
          </p>
          {proof ? (
            <form className="security-step" onSubmit={onProof} noValidate>
              <p>{SECURITY_MESSAGES.reauthenticationRequired}</p>
              <ReauthFields
                idPrefix="two-factor-setup"
                twoFactor={false}
                values={proof}
                error={proofError}
                onChange={(values) => {
                  setProof(values)
                  setProofError(null)
                }}
              />
              <div className="security-actions">
                <button type="submit" className="button button--primary" disabled={start.isPending}>
                  Continue
                </button>
                <button type="button" className="button button--ghost" onClick={() => setProof(null)}>
                  Cancel
                </button>
              </div>
            </form>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={start.isPending}
              onClick={() => start.mutate(undefined)}
            >
              Set up two-factor sign-in
            </button>
          )}
        </>
      )}
    </section>
  )
}

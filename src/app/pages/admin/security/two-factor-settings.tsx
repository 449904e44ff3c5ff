import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { RECOVERY_CODE_COUNT } from '../../../../shared/admin-security'
import { useToast } from '../../../components/toast/toaster'
import { ApiError } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { refreshSecurity, securityWrites } from '../admin-queries'
import { DisableForm, RecoveryCodes, SetupProof, SetupStep } from './two-factor-steps'

type Step =
  | { kind: 'idle' }
  | { kind: 'proof' }
  | { kind: 'setup'; secret: string; otpauthUrl: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }

/** Two-factor sign-in: set up with a QR code and a first code, recovery codes shown once, turned off with proof. */
export function TwoFactorSettings({ enabled, recoveryCodesLeft }: { enabled: boolean; recoveryCodesLeft: number }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [starting, setStarting] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const backToStart = () => {
    setStep({ kind: 'idle' })
    heading.current?.focus()
  }

  const start = async (password?: string) => {
    const setup = await securityWrites.setupTwoFactor(password)
    setStep({ kind: 'setup', ...setup })
  }
  const onStart = async () => {
    if (starting) return
    setStarting(true)
    try {
      await start()
    } catch (failure) {
      if (failure instanceof ApiError && failure.body?.reauthenticationRequired === true) setStep({ kind: 'proof' })
      else toast(ADMIN_TOASTS.securityFailed(failure))
    } finally {
      setStarting(false)
    }
  }

  const body = () => {
    if (step.kind === 'codes')
      return (
        <RecoveryCodes
          codes={step.codes}
          onDone={() => {
            backToStart()
            void refreshSecurity(queryClient)
          }}
        />
      )
    if (enabled)
      return (
        <>
          <p className="security-state security-state--on">
            On: signing in needs your password and a code from your authenticator app.{' '}
            {recoveryCodesLeft === 1 ? '1 recovery code is left.' : `${recoveryCodesLeft} recovery codes are left.`}
          </p>
          {step.kind === 'disable' ? (
            <DisableForm onClosed={backToStart} />
          ) : (
            <button type="button" className="button button--ghost" onClick={() => setStep({ kind: 'disable' })}>
              Turn off two-factor sign-in
            </button>
          )}
        </>
      )
    if (step.kind === 'setup')
      return (
        <SetupStep
          setup={step}
          onCancel={() => {
            // The secret shown is dropped on the server too; the set-up can start again at once.
            void securityWrites.cancelTwoFactorSetup().catch(() => undefined)
            backToStart()
          }}
          onEnabled={(codes) => {
            setStep({ kind: 'codes', codes })
            toast(ADMIN_TOASTS.twoFactorOn)
          }}
        />
      )
    return (
      <>
        <p className="security-state">
          Off. With it on, signing in also needs a code from an app on your phone, and you get {RECOVERY_CODE_COUNT}{' '}
          recovery codes for the day the phone is lost.
        </p>
        {step.kind === 'proof' ? (
          <SetupProof onProof={start} onCancel={backToStart} />
        ) : (
          <button
            type="button"
            className="button button--primary"
            aria-disabled={starting || undefined}
            onClick={() => void onStart()}
          >
            Set up two-factor sign-in
          </button>
        )}
      </>
    )
  }

  return (
    <section className="admin-card admin-card--flat" aria-labelledby="two-factor-title">
      <h3 id="two-factor-title" ref={heading} tabIndex={-1} className="admin-card__subtitle">
        Two-factor sign-in
      </h3>
      {body()}
    </section>
  )
}

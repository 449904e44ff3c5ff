import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { site } from '../../../content/site'
import { newPasswordProblem } from '../../../shared/admin-security'
import { PAGES } from '../../../shared/paths'
import { ROLE_LABELS, type Role, STAFF_MESSAGES } from '../../../shared/staff'
import { FormField } from '../../components/form-field'
import { useToast } from '../../components/toast/toaster'
import { apiGet, apiRequest, errorMessage } from '../../data/api-request'
import { NewPasswordFields } from './new-password-fields'
import { StaffCardPage } from './staff-card-page'

/** A passkey for the invited person, on this device: the server's options, then the browser's ceremony. */
async function makePasskey(invitationPath: string, name: string) {
  const optionsJSON = await apiRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    `${invitationPath}/passkey-options`,
    { method: 'POST', body: { name } },
  )
  return startRegistration({ optionsJSON: optionsJSON! })
}

/** The form of an open invitation: a name and a password (the admin's password rules) or a passkey, then signed in. */
function AcceptForm({ token, email, role }: { token: string; email: string; role: Role }) {
  const toast = useToast()
  const [values, setValues] = useState({ name: '', password: '', confirmation: '' })
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({})
  const [busy, setBusy] = useState(false)
  const [passkeys, setPasskeys] = useState(false)
  useEffect(() => setPasskeys(browserSupportsWebAuthn()), [])
  const set = (field: keyof typeof values, value: string) => {
    setValues({ ...values, [field]: value })
    setErrors({})
  }
  /** Joins with the password typed, or with a passkey made on this device instead. */
  const join = async (withPasskey: boolean) => {
    const name = values.name.trim() ? undefined : STAFF_MESSAGES.nameRequired
    const password = withPasskey ? undefined : (newPasswordProblem(values.password, values.confirmation) ?? undefined)
    if (name || password) return setErrors({ name, password })
    setBusy(true)
    try {
      const path = `/api/admin/invitations/${token}`
      const body = withPasskey
        ? { name: values.name.trim(), passkey: await makePasskey(path, values.name.trim()) }
        : { name: values.name.trim(), password: values.password }
      await apiRequest(`${path}/accept`, { method: 'POST', body })
      toast({ title: 'Welcome', description: `You joined ${site.name} as ${ROLE_LABELS[role]}` })
      window.location.assign(PAGES.adminBlog)
    } catch (failure) {
      setBusy(false)
      if (failure instanceof Error && failure.name === 'NotAllowedError') return
      setErrors({ password: errorMessage(failure, 'That did not work. Please try again.') })
    }
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void join(false)
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="staff-card-title">
      <p className="admin-card__description">
        {email} joins as {ROLE_LABELS[role]}. Choose the name others see and your password.
      </p>
      <FormField id="invitation-name" label="Your name" error={errors.name}>
        {(control) => (
          <input {...control} autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} />
        )}
      </FormField>
      <NewPasswordFields
        idPrefix="invitation"
        labels={['Password', 'Password again']}
        values={values}
        error={errors.password}
        onChange={set}
      />
      <button type="submit" className="button button--primary admin-card__submit" disabled={busy}>
        {busy ? 'Joining...' : 'Join the staff'}
      </button>
      {passkeys && (
        <button
          type="button"
          className="button button--ghost admin-card__submit"
          disabled={busy}
          onClick={() => join(true)}
        >
          Join with a passkey instead
        </button>
      )}
    </form>
  )
}

/** Where an invitation email leads: the invitation, or why its link no longer works. */
export function InvitationPage() {
  const token = useParams().token ?? ''
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => apiGet<{ email: string; role: Role }>(`/api/admin/invitations/${token}`, signal),
    retry: false,
  })
  return (
    <StaffCardPage title="Join the staff" heading={`Join ${site.name}`} description="Accept an invitation.">
      {invitation.isPending ? (
        <p className="admin-card__description" role="status">
          Opening the invitation...
        </p>
      ) : invitation.isError ? (
        <>
          <p className="admin-card__description" role="alert">
            {errorMessage(invitation.error, STAFF_MESSAGES.invitationNotFound)}
          </p>
          <a href={PAGES.adminLogin} className="admin-card__home">
            Go to the sign-in page
          </a>
        </>
      ) : (
        <AcceptForm token={token} email={invitation.data.email} role={invitation.data.role} />
      )}
    </StaffCardPage>
  )
}

export { InvitationPage as Component }

import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useParams } from 'react-router'
import { newPasswordProblem } from '../../../shared/admin-security'
import { PAGES } from '../../../shared/paths'
import { isEmail, STAFF_MESSAGES } from '../../../shared/staff'
import { FormField } from '../../components/form-field'
import { apiGet, apiRequest, errorMessage } from '../../data/api-request'
import { NewPasswordFields } from './new-password-fields'
import { StaffCardPage } from './staff-card-page'

const FAILED = 'That did not work. Please try again.'

/** Asks for a link by email; the answer is the same whether the address is known or not. */
function RequestForm() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!isEmail(email.trim())) return setError(STAFF_MESSAGES.emailInvalid)
    try {
      const answer = await apiRequest<{ message: string }>('/api/admin/password-reset', {
        method: 'POST',
        body: { email: email.trim() },
      })
      setSent(answer?.message ?? STAFF_MESSAGES.resetSent)
    } catch (failure) {
      setError(errorMessage(failure, FAILED))
    }
  }
  if (sent)
    return (
      <p className="admin-card__description" role="status">
        {sent}
      </p>
    )
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="admin-card__description">
        Enter the email you sign in with: we send a link to choose a new password.
      </p>
      <FormField id="reset-email" label="Email" error={error}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value)
              setError(null)
            }}
          />
        )}
      </FormField>
      <button type="submit" className="button button--primary admin-card__submit">
        Send the link
      </button>
    </form>
  )
}

/** Chooses the new password from an emailed link (the admin's password rules), then sign in as usual. */
function ChooseForm({ token }: { token: string }) {
  const link = useQuery({
    queryKey: ['password-reset', token],
    queryFn: ({ signal }) => apiGet<{ email: string }>(`/api/admin/password-reset/${token}`, signal),
    retry: false,
  })
  const [values, setValues] = useState({ password: '', confirmation: '' })
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  if (link.isPending) return <p role="status">Opening the link...</p>
  if (link.isError) return <p role="alert">{errorMessage(link.error, STAFF_MESSAGES.resetLinkGone)}</p>
  if (done)
    return (
      <p className="admin-card__description" role="status">
        Your password is changed, and you were signed out everywhere. <a href={PAGES.adminLogin}>Sign in</a> with it.
      </p>
    )
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = newPasswordProblem(values.password, values.confirmation)
    if (problem) return setError(problem)
    try {
      await apiRequest(`/api/admin/password-reset/${token}`, { method: 'POST', body: { password: values.password } })
      setDone(true)
    } catch (failure) {
      setError(errorMessage(failure, FAILED))
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="admin-card__description">A new password for {link.data.email}.</p>
      <NewPasswordFields
        idPrefix="reset"
        labels={['New password', 'New password again']}
        values={values}
        error={error}
        onChange={(field, value) => {
          setValues({ ...values, [field]: value })
          setError(null)
        }}
      />
      <button type="submit" className="button button--primary admin-card__submit">
        Change password
      </button>
    </form>
  )
}

/** "Forgot password": /admin/reset asks for a link, /admin/reset/{token} is the link. */
export function PasswordResetPage() {
  const token = useParams().token
  return (
    <StaffCardPage title="Choose a new password" heading="Choose a new password" description="Password reset.">
      {token ? <ChooseForm token={token} /> : <RequestForm />}
      <a href={PAGES.adminLogin} className="admin-card__home">
        Back to the sign-in page
      </a>
    </StaffCardPage>
  )
}

export { PasswordResetPage as Component }

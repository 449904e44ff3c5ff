import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { ASSIGNABLE_ROLES, isEmail, ROLE_LABELS, type Role, STAFF_MESSAGES } from '../../../../shared/staff'
import { FormField } from '../../../components/form-field'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { type InvitationSent, refreshStaff, staffWrites } from './staff-queries'

/** Invite someone by email and role; the link is shown too, for when the email does not arrive. */
export function InviteForm({ onSent }: { onSent: (sent: InvitationSent) => void }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('author')
  const [error, setError] = useState<string | null>(null)
  const invite = useMutation({
    mutationFn: () => staffWrites.invite(email.trim(), role),
    onSuccess: (sent) => {
      setEmail('')
      toast(ADMIN_TOASTS.invitationSent(sent.email))
      onSent(sent)
      void refreshStaff(queryClient)
    },
    onError: (failure) => toast(ADMIN_TOASTS.securityFailed(failure)),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!isEmail(email.trim())) {
      setError(STAFF_MESSAGES.emailInvalid)
      return
    }
    invite.mutate()
  }
  return (
    <form className="admin-card admin-card--flat staff-invite" onSubmit={onSubmit} noValidate>
      <h3 className="admin-card__subtitle">Invite someone</h3>
      <div className="staff-invite__fields">
        <FormField id="invite-email" label="Email" error={error}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value)
                setError(null)
              }}
            />
          )}
        </FormField>
        <FormField id="invite-role" label="Role">
          {(control) => (
            <select {...control} value={role} onChange={(event) => setRole(event.target.value as Role)}>
              {ASSIGNABLE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <button type="submit" className="button button--primary" disabled={invite.isPending}>
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </button>
    </form>
  )
}

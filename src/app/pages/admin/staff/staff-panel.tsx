import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { mayHaveByline, ROLE_LABELS, type StaffMember } from '../../../../shared/staff'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { LoadError } from '../load-error'
import { InviteForm } from './invite-form'
import { type InvitationSent, refreshStaff, staffQueries, staffWrites } from './staff-queries'
import { type StaffAction, StaffRow } from './staff-row'

type Pending = {
  person: StaffMember
  action: Extract<StaffAction, { kind: 'suspend' | 'remove' | 'withdraw' | 'reset' }>
}

const CONFIRM = {
  suspend: (who: string) => ({
    title: `Suspend ${who}?`,
    message: `${who} is signed out at once and cannot sign in until reactivated. Their posts stay.`,
    confirm: 'Suspend',
  }),
  remove: (who: string) => ({
    title: `Remove ${who}?`,
    message: `${who} leaves the staff and is signed out everywhere. Choose what happens to their posts.`,
    confirm: 'Remove',
  }),
  reset: (who: string) => ({
    title: `Reset the sign-in of ${who}?`,
    message: `${who} is signed out, and their two-factor sign-in and passkeys are removed: they sign in with their password alone, then set them up again.`,
    confirm: 'Reset sign-in',
  }),
  withdraw: (who: string) => ({
    title: `Withdraw the invitation to ${who}?`,
    message: 'The link in their email stops working.',
    confirm: 'Withdraw',
  }),
}

/** The Staff tab: everyone, their roles and states, invitations, and removal (owners and administrators). */
export function StaffPanel({ currentUserId }: { currentUserId: number }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const staff = useQuery(staffQueries.list())
  const [sent, setSent] = useState<InvitationSent | null>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const [heir, setHeir] = useState('')
  const act = useMutation({
    mutationFn: async ({ person, action }: { person: StaffMember; action: StaffAction }) => {
      if (action.kind === 'role') return staffWrites.change(person.id, { role: action.role })
      if (action.kind === 'suspend') return staffWrites.change(person.id, { state: 'suspended' })
      if (action.kind === 'reactivate') return staffWrites.change(person.id, { state: 'active' })
      if (action.kind === 'remove') return staffWrites.remove(person.id, heir ? Number(heir) : null)
      if (action.kind === 'withdraw') return staffWrites.withdraw(person.invitation!.id)
      if (action.kind === 'reset') return staffWrites.resetSignIn(person.id)
      setSent(await staffWrites.resend(person.invitation!.id))
    },
    onSuccess: (_, { person, action }) => toast(ADMIN_TOASTS.staffChanged(person.name || person.email, action.kind)),
    onError: (failure) => toast(ADMIN_TOASTS.securityFailed(failure)),
    onSettled: () => {
      setPending(null)
      void refreshStaff(queryClient)
    },
  })
  const onAction = (person: StaffMember, action: StaffAction) => {
    if (
      action.kind === 'suspend' ||
      action.kind === 'remove' ||
      action.kind === 'withdraw' ||
      action.kind === 'reset'
    ) {
      setHeir('')
      setPending({ person, action })
    } else act.mutate({ person, action })
  }
  const who = pending ? pending.person.name || pending.person.email : ''
  const text = pending ? CONFIRM[pending.action.kind](who) : null
  const heirs = staff.data?.filter((p) => mayHaveByline(p) && p.id !== pending?.person.id) ?? []
  return (
    <div className="staff-panel">
      <InviteForm onSent={setSent} />
      {sent && (
        <p className="admin-card admin-card--flat staff-panel__link" role="status">
          Invitation for {sent.email} ({ROLE_LABELS[sent.role]}). If the email does not arrive, send them this link
          yourself: <code>{sent.inviteUrl}</code>
        </p>
      )}
      <section className="admin-card admin-card--flat" aria-labelledby="staff-title">
        <h3 id="staff-title" className="admin-card__subtitle">
          Staff
        </h3>
        {staff.isPending ? (
          <LoadingSkeleton label="Loading the staff..." lines={3} />
        ) : staff.isError ? (
          <LoadError title="Error loading the staff" message="Please try again." onRetry={() => void staff.refetch()} />
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {staff.data.map((person) => (
                  <StaffRow
                    key={person.id}
                    person={person}
                    isSelf={person.id === currentUserId}
                    busy={act.isPending}
                    onAction={(action) => onAction(person, action)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ConfirmDialog
        open={pending !== null}
        title={text?.title ?? ''}
        message={text?.message ?? ''}
        confirmLabel={text?.confirm ?? ''}
        busy={act.isPending}
        onConfirm={() => pending && act.mutate(pending)}
        onCancel={() => setPending(null)}
      >
        {pending?.action.kind === 'remove' && (
          <label className="field dialog__field">
            <span className="field__label">Their posts</span>
            <select value={heir} onChange={(event) => setHeir(event.target.value)}>
              <option value="">Keep them, with {who}'s name</option>
              {heirs.map((person) => (
                <option key={person.id} value={person.id}>
                  Give them to {person.name || person.email}
                </option>
              ))}
            </select>
          </label>
        )}
      </ConfirmDialog>
    </div>
  )
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { AdminSessionInfo } from '../../../../shared/admin-security'
import { formatDisplayDateTime } from '../../../../shared/dates'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_CONFIRMATIONS, ADMIN_TOASTS } from '../admin-messages'
import { adminQueries, refreshSecurity, securityWrites } from '../admin-queries'
import { LoadError } from '../load-error'
import {
  EMPTY_REAUTH,
  type FieldError,
  ReauthFields,
  reauthError,
  reauthProblem,
  StepActions,
  useFocusOnError,
} from './reauth-fields'

function SignOutOthers({ twoFactor, others }: { twoFactor: boolean; others: number }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  // Closing the form gives the keyboard back to its button (or the heading, when nothing is left to sign out).
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !open)
      (opener.current && !opener.current.disabled ? opener.current : document.getElementById('sessions-title'))?.focus()
    wasOpen.current = open
  }, [open])
  const [values, setValues] = useState(EMPTY_REAUTH)
  const [error, setError] = useState<FieldError>(null)
  useFocusOnError(error, (field) => `sign-out-others-${field}`)
  const revoke = useMutation({
    mutationFn: () => securityWrites.revokeOtherSessions({ password: values.password, code: values.code.trim() }),
    onSuccess: (result) => {
      setOpen(false)
      setValues(EMPTY_REAUTH)
      toast(ADMIN_TOASTS.otherSessionsRevoked(result.signedOut))
      void refreshSecurity(queryClient)
    },
    onError: (failure) => setError(reauthError(failure, 'The other sessions could not be signed out.')),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (revoke.isPending) return
    const problem = reauthProblem(values, twoFactor)
    if (problem) setError(problem)
    else revoke.mutate()
  }
  if (!open)
    return (
      <button
        ref={opener}
        type="button"
        className="button button--ghost"
        disabled={others === 0}
        onClick={() => setOpen(true)}
      >
        Sign out everywhere else
      </button>
    )
  return (
    <form className="security-step" onSubmit={onSubmit} noValidate aria-labelledby="sign-out-others-title">
      <h4 id="sign-out-others-title" className="security-step__title">
        Sign out everywhere else
      </h4>
      <ReauthFields
        idPrefix="sign-out-others"
        twoFactor={twoFactor}
        focusOnMount
        values={values}
        error={error}
        onChange={(next) => {
          setValues(next)
          setError(null)
        }}
      />
      <StepActions busy={revoke.isPending} danger onCancel={() => setOpen(false)}>
        Sign out {others === 1 ? 'the other session' : `${others} other sessions`}
      </StepActions>
    </form>
  )
}

/** Every live session with where it signed in from; any other one can be signed out. */
export function SessionsList({ twoFactor }: { twoFactor: boolean }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const sessions = useQuery(adminQueries.sessions())
  const [revoking, setRevoking] = useState<AdminSessionInfo | null>(null)
  const revoke = useMutation({
    mutationFn: (id: number) => securityWrites.revokeSession(id),
    onSuccess: () => toast(ADMIN_TOASTS.sessionRevoked),
    onError: (failure) => toast(ADMIN_TOASTS.securityFailed(failure)),
    onSettled: () => void refreshSecurity(queryClient),
  })
  const mine = sessions.data?.find((s) => s.current)?.staffId
  // Everyone's sessions are listed to owners and administrators; "everywhere else" is only the person's own.
  const others = sessions.data?.filter((s) => !s.current && s.staffId === mine).length ?? 0
  const everyone = new Set(sessions.data?.map((s) => s.staffId)).size > 1
  return (
    <section className="admin-card admin-card--flat" aria-labelledby="sessions-title">
      <h3 id="sessions-title" tabIndex={-1} className="admin-card__subtitle">
        Signed-in sessions
      </h3>
      {sessions.isPending ? (
        <LoadingSkeleton label="Loading sessions..." lines={2} />
      ) : sessions.isError ? (
        <LoadError
          title="Error loading sessions"
          message="There was a problem loading the sessions. Please try again."
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  {everyone && <th scope="col">Person</th>}
                  <th scope="col">Browser</th>
                  <th scope="col">Address</th>
                  <th scope="col">Signed in</th>
                  <th scope="col">Last active</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sessions.data.map((session) => (
                  <tr key={session.id}>
                    {everyone && <td>{session.staffName}</td>}
                    <th scope="row" className="admin-table__title">
                      {session.userAgent}
                      {session.current && <span className="badge badge--current">This session</span>}
                    </th>
                    <td>{session.clientAddress || '—'}</td>
                    <td>{formatDisplayDateTime(session.createdAt)}</td>
                    <td>{formatDisplayDateTime(session.lastSeenAt)}</td>
                    <td>
                      {!session.current && (
                        <button
                          type="button"
                          className="button button--small button--ghost"
                          onClick={() => setRevoking(session)}
                        >
                          Sign out
                          <span className="visually-hidden">{` ${session.userAgent}, ${session.clientAddress}`}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <SignOutOthers twoFactor={twoFactor} others={others} />
        </>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Sign this session out?"
        message={revoking ? ADMIN_CONFIRMATIONS.revokeSession(revoking.userAgent) : ''}
        confirmLabel="Sign out"
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id)
          setRevoking(null)
        }}
        onCancel={() => setRevoking(null)}
      />
    </section>
  )
}

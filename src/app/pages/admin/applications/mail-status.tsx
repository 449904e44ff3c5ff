import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { MAIL_KIND_LABELS } from '../../../../shared/application-pipeline'
import { formatDisplayDateTime } from '../../../../shared/dates'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { adminQueries, applicationWrites, refreshApplications } from '../admin-queries'

/** Whether email goes out at all, and the deliveries that gave up, each with a way to try again. */
export function MailStatusPanel() {
  const toast = useToast()
  const queryClient = useQueryClient()
  const mail = useQuery(adminQueries.mail())
  const retry = useMutation({
    mutationFn: (id: number) => applicationWrites.retryMail(id),
    onSuccess: () => {
      toast(ADMIN_TOASTS.mailRetrying)
      void refreshApplications(queryClient)
    },
    onError: (error) => toast(ADMIN_TOASTS.mailRetryFailed(error)),
  })
  if (!mail.data) return null
  const { configured, failed, waiting } = mail.data
  if (!configured)
    return (
      <p className="mail-banner mail-banner--off">
        <strong>Email is off.</strong> SMTP_URL is not set, so the hiring team gets no notice of new applications and
        applicants get no confirmation. Applications are still stored and listed here.
      </p>
    )
  if (failed.length === 0 && waiting === 0) return null
  return (
    <div className="mail-banner">
      {waiting > 0 && <p>{`${waiting} ${waiting === 1 ? 'email is' : 'emails are'} waiting to be sent.`}</p>}
      {failed.length > 0 && (
        <>
          <p>
            <strong>{`${failed.length} ${failed.length === 1 ? 'email' : 'emails'} could not be delivered:`}</strong>
          </p>
          <ul className="mail-banner__list">
            {failed.map((delivery) => (
              <li key={delivery.id}>
                <span>{`${MAIL_KIND_LABELS[delivery.kind] ?? delivery.kind} to ${delivery.to}, ${formatDisplayDateTime(delivery.createdAt)}: ${delivery.lastError}`}</span>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(delivery.id)}
                >
                  Try again
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

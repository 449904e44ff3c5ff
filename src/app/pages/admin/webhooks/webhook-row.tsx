import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDisplayDateTime } from '../../../../shared/dates'
import { WEBHOOK_EVENT_LABELS, type Webhook } from '../../../../shared/webhooks'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { webhookQueries, webhookWrites } from './webhook-queries'

/** The last deliveries to one webhook: when, what, how it went. */
function Deliveries({ id }: { id: number }) {
  const deliveries = useQuery(webhookQueries.deliveries(id))
  if (!deliveries.data) return <p className="field__hint">Loading the deliveries...</p>
  if (deliveries.data.length === 0) return <p className="field__hint">Nothing sent yet.</p>
  return (
    <table className="webhook-deliveries">
      <caption className="visually-hidden">Last deliveries</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Event</th>
          <th scope="col">State</th>
          <th scope="col">Answer</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((delivery) => (
          <tr key={delivery.id}>
            <td>{formatDisplayDateTime(delivery.createdAt)}</td>
            <td>{delivery.event}</td>
            <td>{`${delivery.status}${delivery.attempts > 1 ? ` (${delivery.attempts} tries)` : ''}`}</td>
            <td>
              {delivery.responseCode ?? '—'}
              {delivery.durationMs !== null && ` · ${delivery.durationMs} ms`}
              {delivery.error && ` · ${delivery.error}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** One webhook: where it goes and for what, a test event, its deliveries, and removing it. */
export function WebhookRow({ hook }: { hook: Webhook }) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [removing, setRemoving] = useState(false)
  const host = new URL(hook.url).host
  const test = useMutation({
    mutationFn: () => webhookWrites.test(hook.id),
    onSuccess: () => {
      toast(ADMIN_TOASTS.webhookTestQueued)
      setOpen(true)
      void queryClient.invalidateQueries({ queryKey: ['webhooks', hook.id, 'deliveries'] })
    },
    onError: (error) => toast(ADMIN_TOASTS.webhookFailed(error)),
  })
  const remove = useMutation({
    mutationFn: () => webhookWrites.remove(hook.id),
    onSuccess: () => {
      toast(ADMIN_TOASTS.webhookRemoved)
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] })
    },
    onError: (error) => toast(ADMIN_TOASTS.webhookFailed(error)),
    onSettled: () => setRemoving(false),
  })
  return (
    <li className="webhook">
      <p className="webhook__target">
        <strong>{hook.kind === 'discord' ? 'Discord' : 'Standard'}</strong> {hook.url}
      </p>
      <p className="field__hint">{hook.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(' · ')}</p>
      <div className="interview-form__actions">
        <button type="button" className="button button--small" onClick={() => test.mutate()} disabled={test.isPending}>
          Send a test event<span className="visually-hidden">{` to ${host}`}</span>
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide deliveries' : 'Show deliveries'}
          <span className="visually-hidden">{` of ${host}`}</span>
        </button>
        <button type="button" className="button button--small button--danger" onClick={() => setRemoving(true)}>
          Remove<span className="visually-hidden">{` the webhook to ${host}`}</span>
        </button>
      </div>
      {open && <Deliveries id={hook.id} />}
      <ConfirmDialog
        open={removing}
        title="Remove the webhook"
        message={`${host} is told of nothing more, and its delivery log goes.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setRemoving(false)}
      />
    </li>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  type WebhookEvent,
  type WebhookKind,
} from '../../../../shared/webhooks'
import { useToast } from '../../../components/toast/toaster'
import { errorMessage } from '../../../data/api-request'
import { ADMIN_TOASTS } from '../admin-messages'
import { webhookWrites } from './webhook-queries'

/** A new webhook: its address, Discord or Standard, and the events it is told of; its secret shown once. */
export function WebhookForm() {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [url, setUrl] = useState('')
  const [kind, setKind] = useState<WebhookKind>('discord')
  const [events, setEvents] = useState<WebhookEvent[]>(['post.published', 'job.published'])
  const [secret, setSecret] = useState<string | null>(null)
  const add = useMutation({
    mutationFn: () => webhookWrites.add({ url, kind, events }),
    onSuccess: (created) => {
      toast(ADMIN_TOASTS.webhookAdded)
      setUrl('')
      setSecret(created.secret || null)
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSecret(null)
    add.mutate()
  }
  return (
    <form className="webhook-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-card__subtitle">
        Add a webhook
      </h3>
      <div className="field">
        <label htmlFor={`${id}-url`} className="field__label">
          Address
        </label>
        <input
          id={`${id}-url`}
          type="url"
          required
          maxLength={WEBHOOK_LIMITS.url}
          value={url}
          placeholder="https://discord.com/api/webhooks/…"
          onChange={(event) => setUrl(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-kind`} className="field__label">
          Kind
        </label>
        <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as WebhookKind)}>
          <option value="discord">Discord (a message in a channel)</option>
          <option value="standard">Standard Webhooks (signed JSON)</option>
        </select>
      </div>
      <fieldset className="webhook-form__events">
        <legend className="field__label">Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="candidate-email__choice">
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(change) =>
                setEvents((now) => (change.target.checked ? [...now, event] : now.filter((one) => one !== event)))
              }
            />
            {WEBHOOK_EVENT_LABELS[event]}
          </label>
        ))}
      </fieldset>
      {add.isError && (
        <p className="field__error" role="alert">
          {errorMessage(add.error, 'The webhook could not be added.')}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={add.isPending || events.length === 0}>
        {add.isPending ? 'Adding...' : 'Add webhook'}
      </button>
      {secret && (
        <div className="webhook-form__secret" role="status">
          <p>Its signing secret, shown this once: give it to the receiver to verify each event.</p>
          <code>{secret}</code>
        </div>
      )}
    </form>
  )
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { LoadError } from '../load-error'
import { WebhookForm } from './webhook-form'
import { webhookQueries, webhookWrites } from './webhook-queries'
import { WebhookRow } from './webhook-row'

/** The owner's webhooks: where the site tells Discord and other services what happens, and a log of each try. */
export function WebhooksPanel() {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const hooks = useQuery(webhookQueries.list())
  const settings = useQuery(webhookQueries.settings())
  // The choice shows at once, and the saved setting again if saving it fails.
  const [allow, setAllow] = useState<boolean | null>(null)
  const save = useMutation({
    mutationFn: (allow: boolean) => webhookWrites.setSettings({ webhooksAllowPrivateTargets: allow }),
    onSuccess: (saved) => {
      toast(ADMIN_TOASTS.settingsSaved)
      queryClient.setQueryData(webhookQueries.settings().queryKey, saved)
    },
    onError: (error) => {
      setAllow(null)
      toast(ADMIN_TOASTS.webhookFailed(error))
    },
  })
  if (hooks.isPending || settings.isPending) return <LoadingSkeleton label="Loading the webhooks..." lines={4} />
  if (hooks.isError || settings.isError)
    return <LoadError title="Error loading the webhooks" onRetry={() => void hooks.refetch()} />
  return (
    <section className="admin-card admin-card--flat webhooks-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card__subtitle">
        Webhooks
      </h2>
      <p className="field__hint">
        A post published or changed, a job published, an application received: each is sent to the webhooks that asked
        for it within seconds, and tried again for hours if the receiver is down.
      </p>
      {hooks.data.length === 0 ? (
        <p>No webhook yet.</p>
      ) : (
        <ul className="webhooks">
          {hooks.data.map((hook) => (
            <WebhookRow key={hook.id} hook={hook} />
          ))}
        </ul>
      )}
      <WebhookForm />
      <label className="candidate-email__choice">
        <input
          type="checkbox"
          checked={allow ?? settings.data.webhooksAllowPrivateTargets}
          disabled={save.isPending}
          onChange={(event) => {
            setAllow(event.target.checked)
            save.mutate(event.target.checked)
          }}
        />
        Allow webhooks to this server's own network (loopback and private addresses), for a receiver on the premises.
        Off, no one can use a webhook to reach the inside.
      </label>
    </section>
  )
}

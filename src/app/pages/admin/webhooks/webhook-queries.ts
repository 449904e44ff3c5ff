import { queryOptions } from '@tanstack/react-query'
import type { SiteSettings } from '../../../../shared/settings-schema'
import type { SiteFactsInput } from '../../../../shared/site-fact-rules'
import type { Webhook, WebhookDelivery, WebhookEvent, WebhookKind } from '../../../../shared/webhooks'
import { apiGet, apiRequest } from '../../../data/api-request'

/** How long after it was queued a delivery not sent yet is watched every second. */
const WATCHED_FOR_MS = 30_000

/** Queued in the last half minute and not tried yet, or being sent: a test event goes at once. */
const onItsWay = (delivery: WebhookDelivery) =>
  (delivery.status === 'sending' || (delivery.status === 'pending' && delivery.attempts === 0)) &&
  Date.now() - Date.parse(delivery.createdAt) < WATCHED_FOR_MS

export const webhookQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['site-settings'],
      queryFn: ({ signal }) => apiGet<SiteSettings>('/api/admin/settings', signal),
    }),
  list: () =>
    queryOptions({ queryKey: ['webhooks'], queryFn: ({ signal }) => apiGet<Webhook[]>('/api/admin/webhooks', signal) }),
  /** Refreshed while open: every second while one just queued is on its way, else every three (retries, the rest). */
  deliveries: (id: number) =>
    queryOptions({
      queryKey: ['webhooks', id, 'deliveries'],
      queryFn: ({ signal }) => apiGet<WebhookDelivery[]>(`/api/admin/webhooks/${id}/deliveries`, signal),
      refetchInterval: (query) => (query.state.data?.some(onItsWay) ? 1000 : 3000),
    }),
}

export const webhookWrites = {
  setSettings: (settings: { webhooksAllowPrivateTargets?: boolean } & SiteFactsInput) =>
    apiRequest<SiteSettings>('/api/admin/settings', { method: 'PUT', body: settings }) as Promise<SiteSettings>,
  add: (input: { url: string; kind: WebhookKind; events: WebhookEvent[] }) =>
    apiRequest<Webhook & { secret: string }>('/api/admin/webhooks', { method: 'POST', body: input }) as Promise<
      Webhook & { secret: string }
    >,
  remove: (id: number) => apiRequest<{ ok: true }>(`/api/admin/webhooks/${id}`, { method: 'DELETE' }),
  test: (id: number) =>
    apiRequest<WebhookDelivery>(`/api/admin/webhooks/${id}/test`, { method: 'POST' }) as Promise<WebhookDelivery>,
}

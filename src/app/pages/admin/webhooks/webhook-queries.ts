import { queryOptions } from '@tanstack/react-query'
import type { SiteSettings } from '../../../../shared/settings-schema'
import type { SiteFactsInput } from '../../../../shared/site-fact-rules'
import type { Webhook, WebhookDelivery, WebhookEvent, WebhookKind } from '../../../../shared/webhooks'
import { apiGet, apiRequest } from '../../../data/api-request'

export const webhookQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['site-settings'],
      queryFn: ({ signal }) => apiGet<SiteSettings>('/api/admin/settings', signal),
    }),
  list: () =>
    queryOptions({ queryKey: ['webhooks'], queryFn: ({ signal }) => apiGet<Webhook[]>('/api/admin/webhooks', signal) }),
  /** Refreshed while open: a test event or a retry lands within seconds. */
  deliveries: (id: number) =>
    queryOptions({
      queryKey: ['webhooks', id, 'deliveries'],
      queryFn: ({ signal }) => apiGet<WebhookDelivery[]>(`/api/admin/webhooks/${id}/deliveries`, signal),
      refetchInterval: 3000,
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

/**
 * Webhooks (issue 41): the owner points the site at a Discord channel or at any receiver of Standard
 * Webhooks, for the events it chooses. Deliveries go through a queue with retries, each logged.
 */
export const WEBHOOK_KINDS = ['discord', 'standard'] as const
export type WebhookKind = (typeof WEBHOOK_KINDS)[number]

export const WEBHOOK_EVENTS = [
  'post.published',
  'post.updated',
  'post.unpublished',
  'job.published',
  'application.received',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'post.published': 'A post is published',
  'post.updated': 'A published post is changed',
  'post.unpublished': 'A post is taken down',
  'job.published': 'A job is published',
  'application.received': 'An application arrives (no personal data)',
}

export const WEBHOOK_LIMITS = { url: 2000, hooks: 20 } as const

export interface Webhook {
  id: number
  url: string
  kind: WebhookKind
  events: WebhookEvent[]
  createdAt: string
}

export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'failed'] as const

export interface WebhookDelivery {
  id: number
  event: WebhookEvent | 'webhook.test'
  status: (typeof WEBHOOK_DELIVERY_STATES)[number]
  attempts: number
  /** The receiver's HTTP status on the last try; null when it never answered. */
  responseCode: number | null
  durationMs: number | null
  error: string
  createdAt: string
  deliveredAt: string | null
}

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook not found',
  badUrl: 'The address must be an http:// or https:// URL',
  noEvents: 'Choose at least one event',
  privateTarget:
    'This address leads to a loopback or private network address; the owner can allow private targets in the settings',
  unresolvable: 'This address could not be resolved',
  tooMany: `At most ${WEBHOOK_LIMITS.hooks} webhooks`,
} as const

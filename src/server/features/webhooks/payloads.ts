import type { WebhookEvent, WebhookKind } from '../../../shared/webhooks'

/** What happened, as the site tells it: the thing's public facts and its address on the site. */
export interface EventData {
  title: string
  url: string
  /** A post's excerpt, a job's department and place. */
  summary?: string
  /** An absolute picture address (a post's featured image). */
  image?: string
  /** A post's author. */
  author?: string
  [field: string]: unknown
}

const DISCORD_TITLES: Record<WebhookEvent | 'webhook.test', string> = {
  'post.published': 'New on the blog',
  'post.updated': 'Updated on the blog',
  'post.unpublished': 'Taken down from the blog',
  'job.published': 'We are hiring',
  'application.received': 'A new application',
  'webhook.test': 'A test from the site',
}

/** Discord's embed limits: a title of 256 characters, a description of 4,096. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * The body a webhook of this kind is sent: a Standard Webhooks event (`{ type, timestamp, data }`), or a
 * Discord message with one embed (title, excerpt, image, author, link).
 */
export function payloadFor(kind: WebhookKind, event: WebhookEvent | 'webhook.test', data: EventData, at: Date): string {
  if (kind === 'standard') return JSON.stringify({ type: event, timestamp: at.toISOString(), data })
  const embed = {
    title: clip(data.title, 256),
    url: data.url,
    ...(data.summary ? { description: clip(data.summary, 4096) } : {}),
    ...(data.image ? { image: { url: data.image } } : {}),
    ...(data.author ? { author: { name: clip(data.author, 256) } } : {}),
    timestamp: at.toISOString(),
  }
  // No one is pinged, whatever a title holds ("@everyone").
  return JSON.stringify({ content: DISCORD_TITLES[event], embeds: [embed], allowed_mentions: { parse: [] } })
}

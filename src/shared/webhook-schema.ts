import { type Static, Type } from '@sinclair/typebox'
import { type Checked, checkSchema } from './schema-check'
import { fieldProblem } from './schema-messages'
import { WEBHOOK_EVENTS, WEBHOOK_KINDS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from './webhooks'

/** `POST /api/admin/webhooks`. */
export const WebhookSchema = Type.Object(
  {
    url: Type.String({ maxLength: WEBHOOK_LIMITS.url }),
    kind: Type.Union(WEBHOOK_KINDS.map((kind) => Type.Literal(kind))),
    events: Type.Array(Type.Union(WEBHOOK_EVENTS.map((event) => Type.Literal(event))), {
      maxItems: WEBHOOK_EVENTS.length,
    }),
  },
  { additionalProperties: false },
)
export type WebhookInput = Static<typeof WebhookSchema>

const LABELS = { url: 'Address', kind: 'Kind', events: 'Events' }

/** A webhook as asked for: an http(s) address, one or more events, each once. */
export function validateWebhook(input: unknown): Checked<WebhookInput> {
  const result = checkSchema(WebhookSchema, input)
  if (!result.ok) return { ok: false, error: fieldProblem(result.error, { labels: LABELS }).error }
  const url = result.value.url.trim()
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { ok: false, error: WEBHOOK_MESSAGES.badUrl }
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, error: WEBHOOK_MESSAGES.badUrl }
  const events = [...new Set(result.value.events)]
  if (events.length === 0) return { ok: false, error: WEBHOOK_MESSAGES.noEvents }
  return { ok: true, value: { url: parsed.href, kind: result.value.kind, events } }
}

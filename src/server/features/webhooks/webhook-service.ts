import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { WebhookInput } from '../../../shared/webhook-schema'
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '../../../shared/webhooks'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { webhookDeliveries, webhooks } from '../../db/schema'
import { allowsPrivateTargets } from '../../webhooks/private-targets'
import { type Resolve, resolveHost, targetProblem } from '../../webhooks/target-guard'
import { type EventData, payloadFor } from './payloads'

/**
 * A webhook's address as the admin shows it: a password in it, and the token that ends a Discord address
 * (whoever has it may post to the channel), are not shown again.
 */
function shownUrl(url: string, kind: Webhook['kind']): string {
  const parsed = new URL(url)
  parsed.username = ''
  parsed.password = ''
  if (kind === 'discord') parsed.pathname = parsed.pathname.replace(/[^/]+$/, '…')
  return parsed.href
}

const toWebhook = (row: typeof webhooks.$inferSelect): Webhook => ({
  id: row.id,
  url: shownUrl(row.url, row.kind),
  kind: row.kind,
  events: row.events,
  createdAt: row.createdAt.toISOString(),
})

const toDelivery = (row: typeof webhookDeliveries.$inferSelect): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  responseCode: row.responseCode,
  durationMs: row.durationMs,
  error: row.lastError,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
})

/** Events told to the webhooks that asked for them: what the background loop needs of them. */
export function webhookQueue(db: Database, clock: () => number) {
  return {
    /** One delivery per webhook that asked for this event, queued now. */
    async enqueue(event: WebhookEvent | 'webhook.test', data: EventData, only?: number) {
      const hooks = (
        await db
          .select()
          .from(webhooks)
          .where(only === undefined ? undefined : eq(webhooks.id, only))
      ).filter((hook) => event === 'webhook.test' || hook.events.includes(event))
      if (hooks.length === 0) return []
      const now = clock()
      return db
        .insert(webhookDeliveries)
        .values(
          hooks.map((hook) => ({
            webhookId: hook.id,
            event,
            payload: payloadFor(hook.kind, event, data, new Date(now)),
            messageId: `msg_${crypto.randomUUID()}`,
            nextAttemptAt: now,
            createdAt: new Date(now),
          })),
        )
        .returning()
    },
  }
}

/** The owner's webhooks and their deliveries: added, removed, told of events, tested. */
export function createWebhooks(
  db: Database,
  {
    content,
    clock,
    resolve = resolveHost,
  }: { content: Pick<ContentVersion, 'write'>; clock: () => number; resolve?: Resolve },
) {
  const { enqueue } = webhookQueue(db, clock)

  return {
    enqueue,
    async list(): Promise<Webhook[]> {
      return (await db.select().from(webhooks).orderBy(webhooks.id)).map(toWebhook)
    },
    /** A new webhook, its target checked; a Standard one gets its signing secret, shown this once. */
    async create(
      input: WebhookInput,
    ): Promise<{ ok: true; webhook: Webhook; secret: string } | { ok: false; error: string }> {
      if ((await db.$count(webhooks)) >= WEBHOOK_LIMITS.hooks) return { ok: false, error: WEBHOOK_MESSAGES.tooMany }
      const problem = await targetProblem(input.url, await allowsPrivateTargets(db), resolve)
      if (problem) return { ok: false, error: problem }
      const secret = input.kind === 'standard' ? `whsec_${randomBytes(32).toString('base64')}` : ''
      // Counted again in the write: creations sent at once all passed the count above.
      const row = await content.write(async (tx) => {
        if ((await tx.$count(webhooks)) >= WEBHOOK_LIMITS.hooks) return null
        const [inserted] = await tx
          .insert(webhooks)
          .values({ ...input, secret, createdAt: new Date(clock()) })
          .returning()
        return inserted!
      })
      if (!row) return { ok: false, error: WEBHOOK_MESSAGES.tooMany }
      return { ok: true, webhook: toWebhook(row), secret }
    },
    async remove(id: number): Promise<Webhook | null> {
      const [row] = await db.delete(webhooks).where(eq(webhooks.id, id)).returning()
      if (!row) return null
      await db.delete(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id))
      return toWebhook(row)
    },
    /** The last deliveries to one webhook, newest first; null when there is no such webhook. */
    async deliveries(id: number, limit = 50): Promise<WebhookDelivery[] | null> {
      const [hook] = await db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, id))
      if (!hook) return null
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookId, id)))
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit)
      return rows.map(toDelivery)
    },
    /** A test event to one webhook; null when there is no such webhook. */
    async test(id: number, origin: string): Promise<WebhookDelivery | null> {
      const [row] = await enqueue('webhook.test', { title: 'A test event from the site', url: origin }, id)
      return row ? toDelivery(row) : null
    },
  }
}

export type Webhooks = ReturnType<typeof createWebhooks>

import { Elysia } from 'elysia'
import type { FeatureDeps } from '../../app-deps'
import { webhookRoutes } from './routes'
import { createWebhooks } from './webhook-service'

/** The owner's webhooks; the deliveries are the background tasks' (process/webhook-loop.ts). */
export function webhooksPlugin(
  { db, content, clock, session, record }: FeatureDeps,
  { origin, wake }: { origin: string; wake: () => void },
) {
  return new Elysia({ name: 'feature:webhooks' }).use(
    webhookRoutes(createWebhooks(db, { content, clock }), session, { record, origin: () => origin, wake }),
  )
}

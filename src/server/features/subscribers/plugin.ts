import { Elysia } from 'elysia'
import type { FeatureDeps } from '../../app-deps'
import { createRateLimit } from '../../http/rate-limit'
import { SUBSCRIBE_LIMIT, subscriberRoutes } from './routes'
import type { SubscriberService } from './subscriber-service'

/** The newsletter's subscribers: the public subscribe, confirm, preferences and unsubscribe. */
export function subscribersPlugin(
  { db, clientKey }: FeatureDeps,
  { subscribers, ipv6Prefix }: { subscribers: SubscriberService; ipv6Prefix?: number },
) {
  const limit = createRateLimit(db, 'subscribe', SUBSCRIBE_LIMIT, { ipv6Prefix })
  return new Elysia({ name: 'feature:subscribers' }).use(subscriberRoutes(subscribers, { limit, clientKey }))
}

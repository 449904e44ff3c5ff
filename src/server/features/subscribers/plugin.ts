import { Elysia } from 'elysia'
import type { FeatureDeps } from '../../app-deps'
import { createRateLimit } from '../../http/rate-limit'
import { SUBSCRIBE_LIMIT, subscriberRoutes } from './routes'
import type { SubscriberMail, SubscriberService } from './subscriber-service'
import { newsletterTestRoutes } from './test-email'

/** The newsletter's subscribers (subscribe, confirm, preferences, unsubscribe) and the editor's test email. */
export function subscribersPlugin(
  { db, clientKey, session, content, clock }: FeatureDeps,
  {
    subscribers,
    ipv6Prefix,
    mail,
    origin,
  }: { subscribers: SubscriberService; ipv6Prefix?: number; mail: SubscriberMail | null; origin: () => string },
) {
  const limit = createRateLimit(db, 'subscribe', SUBSCRIBE_LIMIT, { ipv6Prefix })
  return new Elysia({ name: 'feature:subscribers' })
    .use(subscriberRoutes(subscribers, { limit, clientKey }))
    .use(newsletterTestRoutes(db, session, { content, clock, mail, origin }))
}

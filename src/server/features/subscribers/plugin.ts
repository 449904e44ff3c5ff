import { Elysia } from 'elysia'
import type { FeatureDeps } from '../../app-deps'
import { createRateLimit } from '../../http/rate-limit'
import { subscriberAdminRoutes } from './admin-routes'
import { SUBSCRIBE_LIMIT, subscriberRoutes } from './routes'
import { createSubscriberAdmin } from './subscriber-admin'
import type { SubscriberMail, SubscriberService } from './subscriber-service'
import { newsletterTestRoutes } from './test-email'

/** The newsletter: subscribing (subscribe, confirm, preferences, unsubscribe), the editor's test email, the admin's list. */
export function subscribersPlugin(
  { db, clientKey, session, content, clock, record }: FeatureDeps,
  {
    subscribers,
    ipv6Prefix,
    mail,
    origin,
    onError,
  }: {
    subscribers: SubscriberService
    ipv6Prefix?: number
    mail: SubscriberMail | null
    origin: () => string
    /** A subscription that failed after its answer went (logged). */
    onError: (error: unknown) => void
  },
) {
  const limit = createRateLimit(db, 'subscribe', SUBSCRIBE_LIMIT, { ipv6Prefix })
  return new Elysia({ name: 'feature:subscribers' })
    .use(subscriberRoutes(subscribers, { limit, clientKey, onError }))
    .use(newsletterTestRoutes(db, session, { content, clock, mail, origin }))
    .use(subscriberAdminRoutes(createSubscriberAdmin(db, { content, clock }), session, { record, clock }))
}

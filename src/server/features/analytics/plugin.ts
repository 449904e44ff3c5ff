import type { FeatureDeps } from '../../app-deps'
import type { Analytics } from './analytics-service'
import { analyticsRoutes } from './routes'

/** First-party analytics: the pages' beacon, the admin's figures and the owner's switch. */
export const analyticsPlugin = ({ session, clientKey, record }: FeatureDeps, analytics: Analytics) =>
  analyticsRoutes(analytics, session, { clientKey, record })

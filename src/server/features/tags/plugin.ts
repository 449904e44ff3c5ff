import type { FeatureDeps } from '../../app-deps'
import { tagRoutes } from './routes'
import { createTagService } from './service'

/** The tags' admin API, over a service writing through the content version. */
export function tagsPlugin({ db, content, session, record }: FeatureDeps) {
  return tagRoutes(createTagService(db, { content }), session, record)
}

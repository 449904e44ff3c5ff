import type { FeatureDeps } from '../../app-deps'
import { settingsRoutes } from './routes'
import { sampleContentRoutes } from './sample-content-routes'
import type { SiteFactsService } from './service'

/**
 * The owner's site settings, the links read through the public services as the pages read them, and the
 * removal of the sample content.
 */
export function settingsPlugin(deps: FeatureDeps, links: SiteFactsService) {
  const { db, clock, session, record } = deps
  return settingsRoutes(links, { db, session, record, clock }).use(sampleContentRoutes(deps))
}

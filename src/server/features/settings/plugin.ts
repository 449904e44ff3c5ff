import type { FeatureDeps } from '../../app-deps'
import { settingsRoutes } from './routes'
import type { SiteLinksService } from './service'

/** The owner's site settings; the links are read through the public services, as the pages read them. */
export function settingsPlugin({ db, clock, session, record }: FeatureDeps, links: SiteLinksService) {
  return settingsRoutes(links, { db, session, record, clock })
}

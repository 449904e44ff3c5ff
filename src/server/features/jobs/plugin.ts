import { Elysia } from 'elysia'
import type { FeatureDeps } from '../../app-deps'
import type { FairReads } from '../../render/fair-reads'
import { adminJobRoutes } from './admin-routes'
import { createAdminJobService } from './admin-service'
import { publicJobRoutes } from './routes'
import type { PublicJobService } from './service'

/** Jobs: the public reads (`jobs`, shared with the pages) and the staff's job editor. */
export function jobsPlugin(
  { db, content, clock, session, record }: FeatureDeps,
  { jobs, fair }: { jobs: PublicJobService; fair: FairReads },
) {
  return new Elysia({ name: 'feature:jobs' })
    .use(publicJobRoutes(jobs, fair))
    .use(adminJobRoutes(createAdminJobService(db, { content, clock }), session, { record, clock }))
}

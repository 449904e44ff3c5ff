import { Elysia } from 'elysia'
import { JOB_MESSAGES } from '../../../shared/job-rules'
import type { PublicJobService } from './service'

/** The careers pages' JSON API, for client navigation: open jobs, and a job by slug (a closed one says `open: false`). */
export function publicJobRoutes(service: PublicJobService) {
  return new Elysia({ name: 'public-jobs' })
    .get('/api/jobs', () => service.list())
    .get(
      '/api/jobs/:slug',
      async ({ params, status }) =>
        (await service.bySlug(params.slug)) ?? status(404, { error: JOB_MESSAGES.notFound }),
    )
}

import { Elysia } from 'elysia'
import { JOB_MESSAGES } from '../../../shared/job-rules'
import { movedTo } from '../../../shared/moved-address'
import type { PublicJobService } from './service'

/**
 * The careers pages' JSON API, for client navigation: open jobs, and a job by slug (a closed one says
 * `open: false`; an old slug answers 301 to the new one).
 */
export function publicJobRoutes(service: PublicJobService) {
  return new Elysia({ name: 'public-jobs' })
    .get('/api/jobs', () => service.list())
    .get('/api/jobs/:slug', async ({ params, status }) => {
      const job = await service.bySlug(params.slug)
      if (!job) return status(404, { error: JOB_MESSAGES.notFound })
      // An old address: the job lives at its new slug now.
      return job.slug === params.slug ? job : movedTo(`/api/jobs/${encodeURIComponent(job.slug)}`)
    })
}

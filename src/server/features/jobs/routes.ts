import { Elysia } from 'elysia'
import { JOB_MESSAGES } from '../../../shared/job-rules'
import { movedTo } from '../../../shared/moved-address'
import { heldBy } from '../../cache/versioned-reads'
import type { FairReads } from '../../render/fair-reads'
import type { PublicJobService } from './service'

/**
 * The careers pages' JSON API, for client navigation: open jobs, and a job by slug (a closed one says
 * `open: false`; an old slug answers 301 to the new one). A read no cache holds takes a turn in the render
 * line (render/fair-reads.ts).
 */
export function publicJobRoutes(service: PublicJobService, fair: FairReads) {
  return new Elysia({ name: 'public-jobs' })
    .get('/api/jobs', ({ request }) => fair(request, heldBy(service.list), () => service.list()))
    .get('/api/jobs/:slug', async ({ request, params, status }) => {
      const slug = params.slug
      const job = await fair(request, heldBy(service.bySlug, slug), () => service.bySlug(slug))
      if (job instanceof Response) return job
      if (!job) return status(404, { error: JOB_MESSAGES.notFound })
      // An old address: the job lives at its new slug now.
      return job.slug === params.slug ? job : movedTo(`/api/jobs/${encodeURIComponent(job.slug)}`)
    })
}

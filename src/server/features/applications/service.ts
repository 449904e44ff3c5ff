import { jobs as bundledJobs, type Job } from '../../../content/jobs'
import { APPLICATION_RATE_LIMIT, HONEYPOT_FIELD, normalizeApplication } from '../../../shared/application-rules'
import { validateApplication } from '../../../shared/application-schema'
import type { Database } from '../../db/client'
import { jobApplications } from '../../db/schema'
import { hitRateLimit } from '../../http/rate-limit'

export type SubmitResult =
  | { ok: true; id: number | null }
  | { ok: false; status: 400 | 429; error: string; retryAfterSeconds?: number }

/** Validates, rate-limits and stores job applications; the row is committed before success is reported. */
export function createApplicationService(db: Database, jobs: Job[] = bundledJobs) {
  return {
    async submit(raw: Record<string, unknown>, clientKey: string, now = Date.now()): Promise<SubmitResult> {
      // Bots fill the hidden field; they get an ordinary-looking answer and nothing is stored.
      const honeypot = raw[HONEYPOT_FIELD]
      if (typeof honeypot === 'string' && honeypot.trim() !== '') return { ok: true, id: null }

      const checked = validateApplication(normalizeApplication(raw))
      if (!checked.ok) return { ok: false, status: 400, error: checked.error }
      const job = jobs.find((j) => j.id === checked.value.jobId)
      if (job?.status !== 'active')
        return { ok: false, status: 400, error: 'This position is not open for applications' }

      const limit = await hitRateLimit(db, `apply:${clientKey}`, APPLICATION_RATE_LIMIT, now)
      if (!limit.allowed) {
        return {
          ok: false,
          status: 429,
          error: 'Too many applications from this connection. Please try again later.',
          retryAfterSeconds: limit.retryAfterSeconds,
        }
      }
      const { jobId: _jobId, jobTitle: _jobTitle, ...fields } = checked.value
      const [row] = await db
        .insert(jobApplications)
        .values({ ...fields, jobId: job.id, jobTitle: job.title, createdAt: new Date(now) })
        .returning({ id: jobApplications.id })
      return { ok: true, id: row!.id }
    },
  }
}

export type ApplicationService = ReturnType<typeof createApplicationService>

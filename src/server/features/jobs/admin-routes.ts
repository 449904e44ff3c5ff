import { Elysia, t } from 'elysia'
import type { AuditEventType } from '../../../shared/admin-security'
import { JOB_BODY_LIMIT_BYTES, JOB_MESSAGES } from '../../../shared/job-rules'
import { JobInputSchema, validateJobInput } from '../../../shared/job-schema'
import type { JobStatus } from '../../../shared/jobs'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody } from '../../http/json-body'
import type { AdminJobService } from './admin-service'

const JOB_INPUT_FIELDS = Object.keys(JobInputSchema.properties)
const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })

/** What a change of status is, besides an update, in the audit log. */
function statusEvent(before: JobStatus | null, after: JobStatus): AuditEventType | null {
  if (before === after) return null
  if (after === 'closed') return 'job.closed'
  if (after === 'active') return before === 'closed' ? 'job.reopened' : 'job.published'
  return null
}

/**
 * The recruiter's job calls; every one needs a session, checked before the body is read (`parse: 'none'`,
 * the body is read by hand after the session's transform).
 */
export function adminJobRoutes(
  service: AdminJobService,
  session: AdminSessionPlugin,
  { record, clock }: { record: RecordEvent; clock: () => number },
) {
  async function readJob(request: Request) {
    const body = await readJsonBody(request, JOB_BODY_LIMIT_BYTES, JOB_INPUT_FIELDS)
    if (!body.ok) return { ok: false as const, status: body.status, error: body.error }
    const checked = validateJobInput(body.value, clock())
    return checked.ok ? checked : { ok: false as const, status: 400, error: checked.error }
  }

  return new Elysia({ name: 'admin-jobs' })
    .use(session)
    .get('/api/admin/jobs', () => service.list(), { staff: 'jobs.manage' })
    .post(
      '/api/admin/jobs',
      async ({ request, status }) => {
        const input = await readJob(request)
        if (!input.ok) return status(input.status, { error: input.error })
        const result = await service.create(input.value)
        if (!result.ok) return status(result.status, { error: result.error })
        await record(request, 'job.created', result.job.title)
        if (result.job.status === 'active') await record(request, 'job.published', result.job.title)
        return status(201, result.job)
      },
      { staff: 'jobs.manage', parse: 'none' },
    )
    .put(
      '/api/admin/jobs/:id',
      async ({ request, params, status }) => {
        const input = await readJob(request)
        if (!input.ok) return status(input.status, { error: input.error })
        const result = await service.update(params.id, input.value)
        if (!result.ok) return status(result.status, { error: result.error })
        await record(request, 'job.updated', result.job.title)
        const event = statusEvent(result.previousStatus, result.job.status)
        if (event) await record(request, event, result.job.title)
        return result.job
      },
      { staff: 'jobs.manage', params: idParams, parse: 'none' },
    )
    .delete(
      '/api/admin/jobs/:id',
      async ({ request, params, status }) => {
        const result = await service.remove(params.id)
        if (!result.ok) return status(result.status, { error: result.error })
        await record(request, 'job.deleted', result.title)
        return { ok: true }
      },
      { staff: 'jobs.manage', params: idParams, parse: 'none' },
    )
    .get(
      '/api/admin/jobs/:id',
      async ({ params, status }) => (await service.get(params.id)) ?? status(404, { error: JOB_MESSAGES.notFound }),
      { staff: 'jobs.manage', params: idParams },
    )
}

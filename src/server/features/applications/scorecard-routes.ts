import { Elysia, t } from 'elysia'
import { applicationReference } from '../../../shared/application-reference'
import { JOB_MESSAGES } from '../../../shared/job-rules'
import { validateScorecardAttributes } from '../../../shared/scorecard-schema'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import { accessStillAllowed, candidateAccess, type HiringTeams } from './hiring-team'
import type { ScorecardService } from './scorecard-service'

const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })

/**
 * Scorecards (issue 40): a job's attributes, set by those who run jobs; a scorecard for a candidate, written
 * by anyone who may read them (recruiters and the job's team), one per person, final once in (409 after).
 */
export function scorecardRoutes(
  scorecards: ScorecardService,
  session: AdminSessionPlugin,
  { teams, record }: { teams: HiringTeams; record: RecordEvent },
) {
  return new Elysia({ name: 'admin-scorecards' })
    .use(session)
    .get(
      '/api/admin/jobs/:id/scorecard',
      async ({ params, status }) => {
        const attributes = await scorecards.attributes(params.id)
        if (attributes === null) return status(404, { error: JOB_MESSAGES.notFound })
        return { attributes }
      },
      { staff: 'jobs.manage', params: idParams },
    )
    .put(
      '/api/admin/jobs/:id/scorecard',
      async ({ params, request, status }) => {
        const body = await readJsonBody(request, 4 * SMALL_BODY_LIMIT_BYTES, ['attributes'])
        if (!body.ok) return status(body.status, { error: body.error })
        const input = validateScorecardAttributes(body.value)
        if (!input.ok) return status(400, { error: input.error })
        const saved = await scorecards.setAttributes(params.id, input.value)
        if (saved === null) return status(404, { error: JOB_MESSAGES.notFound })
        await record(request, 'job.scorecard_changed', `job ${params.id}: ${saved.length} attributes`)
        return { attributes: saved }
      },
      { staff: 'jobs.manage', params: idParams, parse: 'none' },
    )
    .post(
      '/api/admin/applications/:id/scorecards',
      async ({ params, request, status, user }) => {
        const access = await candidateAccess(teams, user, params.id)
        if (!access.ok) return status(access.code, { error: access.error })
        const body = await readJsonBody(request, 8 * SMALL_BODY_LIMIT_BYTES, ['ratings', 'overall', 'note'])
        if (!body.ok) return status(body.status, { error: body.error })
        const saved = await scorecards.submit(params.id, body.value, user, accessStillAllowed(teams, user, params.id))
        if (!saved.ok) return status(saved.status, { error: saved.error })
        await record(request, 'application.scorecard_submitted', applicationReference(params.id))
        return status(201, saved.scorecard)
      },
      { staff: 'applications.read', params: idParams, parse: 'none' },
    )
}

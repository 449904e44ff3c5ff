import { eq } from 'drizzle-orm'
import { Elysia, t } from 'elysia'
import { JOB_MESSAGES } from '../../../shared/job-rules'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import type { Database } from '../../db/client'
import { jobs } from '../../db/schema'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import { type HiringTeams, readTeamInput } from './hiring-team'

const idParams = t.Object({ id: t.Integer({ minimum: 1 }) })

/** A job's hiring team, as those who run jobs see and set it (`GET`/`PUT /api/admin/jobs/{id}/team`). */
export function hiringTeamRoutes(db: Database, teams: HiringTeams, session: AdminSessionPlugin, record: RecordEvent) {
  const jobExists = async (id: number) =>
    (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id))).length > 0
  return new Elysia({ name: 'admin-hiring-teams' })
    .use(session)
    .get(
      '/api/admin/jobs/:id/team',
      async ({ params, status }) => {
        if (!(await jobExists(params.id))) return status(404, { error: JOB_MESSAGES.notFound })
        return { members: await teams.members(params.id), staff: await teams.eligible() }
      },
      { staff: 'jobs.manage', params: idParams },
    )
    .get('/api/admin/hiring-teams/mine', async ({ user }) => ({ jobs: await teams.mine(user.id) }), {
      staff: 'applications.read',
    })
    .put(
      '/api/admin/jobs/:id/team',
      async ({ params, request, status }) => {
        const body = await readJsonBody(request, 16 * SMALL_BODY_LIMIT_BYTES, ['members'])
        if (!body.ok) return status(body.status, { error: body.error })
        const team = readTeamInput(body.value)
        if (!team.ok) return status(400, { error: team.error })
        const saved = await teams.set(params.id, team.value)
        if (saved === null) return status(404, { error: JOB_MESSAGES.notFound })
        if (!saved.ok) return status(400, { error: saved.error })
        await record(request, 'job.team_changed', `job ${params.id}: ${saved.value.length} on the team`)
        return { members: saved.value }
      },
      { staff: 'jobs.manage', params: idParams, parse: 'none' },
    )
}

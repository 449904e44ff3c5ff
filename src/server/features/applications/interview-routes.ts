import { Elysia, t } from 'elysia'
import { applicationReference } from '../../../shared/application-reference'
import { validateInterview } from '../../../shared/interview-schema'
import type { StaffUser } from '../../../shared/staff'
import type { RecordEvent } from '../../audit/audit-log'
import type { AdminSessionPlugin } from '../../auth/admin-session'
import { readJsonBody, SMALL_BODY_LIMIT_BYTES } from '../../http/json-body'
import { accessStillAllowed, candidateAccess, type HiringTeams } from './hiring-team'
import type { InterviewOutcome, InterviewService } from './interview-service'

const applicationParams = t.Object({ id: t.Integer({ minimum: 1 }) })
const interviewParams = t.Object({ id: t.Integer({ minimum: 1 }), interviewId: t.Integer({ minimum: 1 }) })
const FIELDS = ['startsAt', 'minutes', 'location', 'interviewerIds']

/**
 * Interviews (issue 40): recruiters and the job's hiring managers schedule (201), move (`PUT`) and cancel
 * (`DELETE`) them; each answer carries the interview and the invitations queued. Audited by reference.
 */
export function interviewRoutes(
  interviews: InterviewService,
  session: AdminSessionPlugin,
  {
    teams,
    record,
    clock,
    origin,
  }: { teams: HiringTeams; record: RecordEvent; clock: () => number; origin: (request: Request) => string },
) {
  const answer = (outcome: InterviewOutcome, status: (code: number, body: unknown) => unknown, created = false) =>
    outcome.ok
      ? created
        ? status(201, { interview: outcome.interview, invitations: outcome.invitations })
        : { interview: outcome.interview, invitations: outcome.invitations }
      : status(outcome.status, { error: outcome.error })
  /** The interview a request asks for, once its sender may change the candidate: the input, or a refusal. */
  async function asked(user: StaffUser, applicationId: number, request: Request) {
    const access = await candidateAccess(teams, user, applicationId, true)
    if (!access.ok) return { ok: false as const, code: access.code, error: access.error }
    const body = await readJsonBody(request, SMALL_BODY_LIMIT_BYTES, FIELDS)
    if (!body.ok) return { ok: false as const, code: body.status, error: body.error }
    const input = validateInterview(body.value, clock())
    return input.ok ? input : { ok: false as const, code: 400, error: input.error }
  }
  return new Elysia({ name: 'admin-interviews' })
    .use(session)
    .post(
      '/api/admin/applications/:id/interviews',
      async ({ params, request, status, user }) => {
        const input = await asked(user, params.id, request)
        if (!input.ok) return status(input.code, { error: input.error })
        const outcome = await interviews.schedule(
          params.id,
          input.value,
          user,
          origin(request),
          accessStillAllowed(teams, user, params.id, true),
        )
        if (outcome.ok) await record(request, 'application.interview_scheduled', applicationReference(params.id))
        return answer(outcome, status, true)
      },
      { staff: 'applications.read', params: applicationParams, parse: 'none' },
    )
    .put(
      '/api/admin/applications/:id/interviews/:interviewId',
      async ({ params, request, status, user }) => {
        const input = await asked(user, params.id, request)
        if (!input.ok) return status(input.code, { error: input.error })
        const outcome = await interviews.reschedule(
          params.id,
          params.interviewId,
          input.value,
          user,
          origin(request),
          accessStillAllowed(teams, user, params.id, true),
        )
        if (outcome.ok && outcome.changed)
          await record(request, 'application.interview_moved', applicationReference(params.id))
        return answer(outcome, status)
      },
      { staff: 'applications.read', params: interviewParams, parse: 'none' },
    )
    .delete(
      '/api/admin/applications/:id/interviews/:interviewId',
      async ({ params, request, status, user }) => {
        const access = await candidateAccess(teams, user, params.id, true)
        if (!access.ok) return status(access.code, { error: access.error })
        const outcome = await interviews.cancel(
          params.id,
          params.interviewId,
          user,
          origin(request),
          accessStillAllowed(teams, user, params.id, true),
        )
        if (outcome.ok) await record(request, 'application.interview_cancelled', applicationReference(params.id))
        return answer(outcome, status)
      },
      { staff: 'applications.read', params: interviewParams, parse: 'none' },
    )
}

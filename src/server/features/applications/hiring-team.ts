import { and, eq, inArray } from 'drizzle-orm'
import { PIPELINE_MESSAGES } from '../../../shared/application-pipeline'
import { FIELD_MESSAGES } from '../../../shared/field-messages'
import {
  HIRING_TEAM_MAX_MEMBERS,
  HIRING_TEAM_MESSAGES,
  HIRING_TEAM_ROLES,
  type HiringTeamMember,
  type HiringTeamRole,
} from '../../../shared/hiring-team'
import type { Checked } from '../../../shared/schema-check'
import { can, STAFF_MESSAGES, type StaffUser, staffName } from '../../../shared/staff'
import type { ContentVersion } from '../../cache/content-version'
import type { Database } from '../../db/client'
import { jobApplications, jobs, jobTeam, staff } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'

export type TeamInput = { staffId: number; role: HiringTeamRole }[]

/** `PUT /api/admin/jobs/{id}/team`'s body: `{ members: [{ staffId, role }] }`, each person once. */
export function readTeamInput(body: Record<string, unknown>): Checked<TeamInput> {
  const members = body.members
  if (!Array.isArray(members)) return { ok: false, error: FIELD_MESSAGES.required('Members') }
  if (members.length > HIRING_TEAM_MAX_MEMBERS)
    return { ok: false, error: FIELD_MESSAGES.tooManyItems('Members', HIRING_TEAM_MAX_MEMBERS) }
  const team: TeamInput = []
  for (const member of members) {
    const { staffId, role, ...rest } = (member ?? {}) as Record<string, unknown>
    const extra = Object.keys(rest)[0]
    if (extra !== undefined) return { ok: false, error: FIELD_MESSAGES.unknownField(`members.${extra}`) }
    if (!Number.isInteger(staffId) || (staffId as number) < 1)
      return { ok: false, error: FIELD_MESSAGES.number('Staff member', ' above 0') }
    if (!HIRING_TEAM_ROLES.includes(role as HiringTeamRole))
      return { ok: false, error: FIELD_MESSAGES.oneOf('Role', HIRING_TEAM_ROLES) }
    if (team.some((earlier) => earlier.staffId === staffId))
      return { ok: false, error: HIRING_TEAM_MESSAGES.twice(staffId as number) }
    team.push({ staffId: staffId as number, role: role as HiringTeamRole })
  }
  return { ok: true, value: team }
}

/** The names on a job's team, for those who schedule its interviews (no addresses). */
export async function teamNamesOf(db: Database, jobId: number): Promise<{ staffId: number; name: string }[]> {
  const rows = await db
    .select({ staffId: staff.id, name: staff.name, email: staff.email })
    .from(jobTeam)
    .innerJoin(staff, eq(staff.id, jobTeam.staffId))
    .where(and(eq(jobTeam.jobId, jobId), eq(staff.state, 'active')))
    .orderBy(staff.name, staff.id)
  return rows.map((row) => ({ staffId: row.staffId, name: staffName(row) }))
}

/**
 * Hiring teams: who is on each job's team, and what a staff member may see of the candidates. Those with
 * applications.manage see every candidate; anyone else only those of the jobs whose team they are on.
 */
export function createHiringTeams(db: Database, { content }: { content: Pick<ContentVersion, 'write'> }) {
  async function members(jobId: number): Promise<HiringTeamMember[]> {
    return (
      db
        .select({ staffId: jobTeam.staffId, role: jobTeam.role, name: staff.name, email: staff.email })
        .from(jobTeam)
        .innerJoin(staff, eq(staff.id, jobTeam.staffId))
        // A suspended member is no one's to see (their sessions ended) and leaves at the next save.
        .where(and(eq(jobTeam.jobId, jobId), eq(staff.state, 'active')))
        .orderBy(staff.name, staff.id)
    )
  }

  return {
    members,
    /**
     * Who may be put on a team: the active staff who do not see every candidate already, by name only (a
     * recruiter sets teams but is not given the staff's addresses).
     */
    async eligible(): Promise<{ staffId: number; name: string }[]> {
      const rows = await db
        .select({ staffId: staff.id, name: staff.name, role: staff.role })
        .from(staff)
        .where(eq(staff.state, 'active'))
        .orderBy(staff.name, staff.id)
      return rows.filter((row) => !can(row.role, 'applications.manage')).map(({ staffId, name }) => ({ staffId, name }))
    },
    /** The jobs whose team this person is on, and as what. */
    async mine(staffId: number): Promise<{ jobId: number; role: HiringTeamRole }[]> {
      return db.select({ jobId: jobTeam.jobId, role: jobTeam.role }).from(jobTeam).where(eq(jobTeam.staffId, staffId))
    },
    /**
     * The team as given replaces the one there was, checked in the same write (a job deleted or a person
     * suspended meanwhile is not written): null when there is no such job.
     */
    async set(
      jobId: number,
      team: TeamInput,
    ): Promise<{ ok: true; value: HiringTeamMember[] } | { ok: false; error: string } | null> {
      const ids = team.map((member) => member.staffId)
      const outcome = await content.write(async (tx) => {
        if ((await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId))).length === 0) return null
        const found = ids.length
          ? await tx
              .select({ id: staff.id })
              .from(staff)
              .where(and(inArray(staff.id, ids), eq(staff.state, 'active')))
          : []
        const missing = ids.find((id) => !found.some((row) => row.id === id))
        if (missing !== undefined) return { ok: false as const, error: HIRING_TEAM_MESSAGES.notStaff(missing) }
        await tx.delete(jobTeam).where(eq(jobTeam.jobId, jobId))
        if (team.length > 0) await tx.insert(jobTeam).values(team.map((member) => ({ jobId, ...member })))
        return { ok: true as const }
      })
      if (outcome === null || !outcome.ok) return outcome
      return { ok: true, value: await members(jobId) }
    },
    /** The jobs whose candidates this person sees; null for everyone's (applications.manage). */
    async jobsOf(user: Pick<StaffUser, 'id' | 'role'>): Promise<number[] | null> {
      if (can(user.role, 'applications.manage')) return null
      const rows = await db.select({ jobId: jobTeam.jobId }).from(jobTeam).where(eq(jobTeam.staffId, user.id))
      return rows.map((row) => row.jobId)
    },
    /**
     * What this person may do with one application: 'manage' (applications.manage), their team role on its
     * job, 'none', or null when there is no such application (a 404 for anyone, as for a manager).
     */
    async access(
      user: Pick<StaffUser, 'id' | 'role'>,
      applicationId: number,
      q: Database | WriteTx = db,
    ): Promise<'manage' | HiringTeamRole | 'none' | null> {
      const [application] = await q
        .select({ jobId: jobApplications.jobId })
        .from(jobApplications)
        .where(eq(jobApplications.id, applicationId))
      if (!application) return null
      if (can(user.role, 'applications.manage')) return 'manage'
      const [member] = await q
        .select({ role: jobTeam.role })
        .from(jobTeam)
        .where(and(eq(jobTeam.jobId, application.jobId), eq(jobTeam.staffId, user.id)))
      return member?.role ?? 'none'
    },
  }
}

export type HiringTeams = ReturnType<typeof createHiringTeams>

/** A refusal found in the write that changes a candidate: the person left the job's team meanwhile, say. */
export type AccessRefusal = { status: 403 | 404; error: string }
/** Asked again in that write (decision 0051): the access the route checked, as the write finds it. */
export type StillAllowed = (tx: WriteTx) => Promise<AccessRefusal | null>

/** `StillAllowed` for this person, application and kind of change. */
export const accessStillAllowed =
  (teams: HiringTeams, user: Pick<StaffUser, 'id' | 'role'>, applicationId: number, write = false): StillAllowed =>
  async (tx) => {
    const access = await candidateAccess(teams, user, applicationId, write, tx)
    return access.ok ? null : { status: access.code, error: access.error }
  }

/**
 * Whether this person may go on with an application: their access, or the answer that stops them (404 when
 * there is no such application, 403 when it is not theirs, or only to read and `write` is asked).
 */
export async function candidateAccess(
  teams: HiringTeams,
  user: Pick<StaffUser, 'id' | 'role'>,
  applicationId: number,
  write = false,
  q?: Database | WriteTx,
): Promise<{ ok: true; access: 'manage' | HiringTeamRole } | { ok: false; code: 403 | 404; error: string }> {
  const access = await teams.access(user, applicationId, q)
  if (access === null) return { ok: false, code: 404, error: PIPELINE_MESSAGES.notFound }
  if (access === 'none') return { ok: false, code: 403, error: HIRING_TEAM_MESSAGES.notOnTeam }
  if (write && access === 'interviewer') return { ok: false, code: 403, error: STAFF_MESSAGES.forbidden }
  return { ok: true, access }
}

/**
 * A job's hiring team (issue 40): staff members given one job's candidates, beside the staff roles. A hiring
 * manager reads them and moves them through the pipeline; an interviewer reads them. Neither sees the
 * candidates of another job (403).
 */
export const HIRING_TEAM_ROLES = ['hiring-manager', 'interviewer'] as const
export type HiringTeamRole = (typeof HIRING_TEAM_ROLES)[number]

export const HIRING_TEAM_ROLE_LABELS: Record<HiringTeamRole, string> = {
  'hiring-manager': 'Hiring manager',
  interviewer: 'Interviewer',
}

export const HIRING_TEAM_MAX_MEMBERS = 50

export interface HiringTeamMember {
  staffId: number
  role: HiringTeamRole
  /** Their name and address then, for the admin's list. */
  name: string
  email: string
}

export const HIRING_TEAM_MESSAGES = {
  notStaff: (staffId: number) => `Staff member ${staffId} is not on the staff (or not active)`,
  twice: (staffId: number) => `Staff member ${staffId} is on the team twice`,
  notOnTeam: 'This candidate applied for a job whose hiring team you are not on.',
} as const

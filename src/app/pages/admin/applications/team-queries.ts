import { queryOptions, useQuery } from '@tanstack/react-query'
import type { HiringTeamMember, HiringTeamRole } from '../../../../shared/hiring-team'
import { can } from '../../../../shared/staff'
import { apiGet, apiRequest } from '../../../data/api-request'
import { useStaffUser } from '../staff-user'

export interface JobTeam {
  members: HiringTeamMember[]
  /** Who may be put on it: the active staff who do not see every candidate already, by name. */
  staff: { staffId: number; name: string }[]
}

export const teamQueries = {
  /** The jobs whose hiring team the signed-in person is on. */
  mine: () =>
    queryOptions({
      queryKey: ['hiring-teams', 'mine'],
      queryFn: ({ signal }) =>
        apiGet<{ jobs: { jobId: number; role: HiringTeamRole }[] }>('/api/admin/hiring-teams/mine', signal),
      staleTime: 30_000,
    }),
  ofJob: (jobId: number) =>
    queryOptions({
      queryKey: ['hiring-teams', 'job', jobId],
      queryFn: ({ signal }) => apiGet<JobTeam>(`/api/admin/jobs/${jobId}/team`, signal),
      staleTime: 0,
    }),
}

export const teamWrites = {
  set: (jobId: number, members: { staffId: number; role: HiringTeamRole }[]) =>
    apiRequest<{ members: HiringTeamMember[] }>(`/api/admin/jobs/${jobId}/team`, { method: 'PUT', body: { members } }),
}

/**
 * What the signed-in person may do with candidates, as the server decides it: everything with
 * applications.manage; otherwise what their place on each job's hiring team gives (null: not theirs).
 */
export function useCandidateAccess() {
  const manages = can(useStaffUser().role, 'applications.manage')
  const mine = useQuery({ ...teamQueries.mine(), enabled: !manages })
  const jobs = mine.data?.jobs ?? []
  return {
    manages,
    onATeam: manages || jobs.length > 0,
    roleOn: (jobId: number): 'manage' | HiringTeamRole | null =>
      manages ? 'manage' : (jobs.find((job) => job.jobId === jobId)?.role ?? null),
  }
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { HIRING_TEAM_ROLE_LABELS, HIRING_TEAM_ROLES, type HiringTeamRole } from '../../../../shared/hiring-team'
import { LoadingSkeleton } from '../../../components/loading-skeleton'
import { useToast } from '../../../components/toast/toaster'
import { ADMIN_TOASTS } from '../admin-messages'
import { teamQueries, teamWrites } from '../applications/team-queries'
import { LoadError } from '../load-error'

type Member = { staffId: number; role: HiringTeamRole }

function RoleSelect({
  id,
  label,
  value,
  disabled,
  onChange,
}: {
  id: string
  /** Its name when no visible label names it. */
  label?: string
  value: HiringTeamRole
  disabled: boolean
  onChange: (role: HiringTeamRole) => void
}) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as HiringTeamRole)}
    >
      {HIRING_TEAM_ROLES.map((role) => (
        <option key={role} value={role}>
          {HIRING_TEAM_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  )
}

/**
 * The job's hiring team, saved as soon as it changes: who sees its candidates, a hiring manager to move them
 * on, an interviewer to read them. Only for a job that exists (a new one gets its team once created).
 */
export function HiringTeamField({ jobId }: { jobId: number }) {
  const id = useId()
  const toast = useToast()
  const queryClient = useQueryClient()
  const team = useQuery(teamQueries.ofJob(jobId))
  const [person, setPerson] = useState('')
  const [role, setRole] = useState<HiringTeamRole>('interviewer')
  const save = useMutation({
    mutationFn: (members: Member[]) => teamWrites.set(jobId, members),
    onSuccess: () => {
      toast(ADMIN_TOASTS.teamSaved)
      setPerson('')
      void queryClient.invalidateQueries({ queryKey: ['hiring-teams'] })
    },
    onError: (error) => toast(ADMIN_TOASTS.teamSaveFailed(error)),
  })
  if (team.isPending) return <LoadingSkeleton label="Loading the hiring team..." lines={2} />
  if (team.isError) return <LoadError title="Error loading the hiring team" onRetry={() => void team.refetch()} />
  const members: Member[] = team.data.members.map(({ staffId, role }) => ({ staffId, role }))
  const others = team.data.staff.filter((member) => !members.some((on) => on.staffId === member.staffId))
  const nameOf = (member: { name: string; email?: string }) => member.name || member.email || 'Unnamed'
  const busy = save.isPending
  return (
    <fieldset className="job-questions" aria-describedby={`${id}-hint`}>
      <legend className="field__label">Hiring team</legend>
      <p id={`${id}-hint`} className="field__hint">
        They see this job's candidates, and no others: a hiring manager also moves them on, an interviewer reads them.
        Changes here are saved at once.
      </p>
      <ul className="job-questions__list">
        {team.data.members.map((member) => (
          <li key={member.staffId} className="job-question__row">
            <span>{nameOf(member)}</span>
            <RoleSelect
              id={`${id}-${member.staffId}`}
              label={`Role of ${nameOf(member)}`}
              value={member.role}
              disabled={busy}
              onChange={(next) =>
                save.mutate(members.map((on) => (on.staffId === member.staffId ? { ...on, role: next } : on)))
              }
            />
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={busy}
              onClick={() => save.mutate(members.filter((on) => on.staffId !== member.staffId))}
            >
              Remove<span className="visually-hidden">{` ${nameOf(member)} from the team`}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="job-question__row">
        <label htmlFor={`${id}-person`}>Add</label>
        <select id={`${id}-person`} value={person} onChange={(event) => setPerson(event.target.value)}>
          <option value="">Choose someone…</option>
          {others.map((member) => (
            <option key={member.staffId} value={member.staffId}>
              {nameOf(member)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-role`}>As</label>
        <RoleSelect id={`${id}-role`} value={role} disabled={busy} onChange={setRole} />
        <button
          type="button"
          className="button button--small"
          disabled={!person || busy}
          onClick={() => save.mutate([...members, { staffId: Number(person), role }])}
        >
          Add to the team
        </button>
      </div>
    </fieldset>
  )
}

import type { ApplicationDetail, TimelineEntry } from './application-pipeline'
import type { HiringTeamRole } from './hiring-team'
import { visibleScorecards } from './scorecard'

/** What a reader's access to a candidate is: a recruiter's (everything) or their role on the job's team. */
export type CandidateAccess = 'manage' | HiringTeamRole

/** What an interviewer's timeline keeps: what the interview needs, not the team's notes and emails. */
const FOR_INTERVIEWERS: TimelineEntry['kind'][] = ['applied', 'status', 'interview', 'scorecard']

/**
 * The application as this reader may see it. Recruiters and the job's hiring managers see everything; an
 * interviewer gets what the interview needs (the candidate, the pipeline, the interviews), not the team's
 * notes and emails. Anyone interviewing the candidate (an interviewer, or anyone ever asked to one of their
 * interviews, so stepping off one does not open the others' cards) sees the others' scorecards only once
 * their own is in.
 */
export function candidateView(
  detail: ApplicationDetail,
  reader: { staffId: number; access: CandidateAccess },
): ApplicationDetail {
  const interviewerOnly = reader.access === 'interviewer'
  const interviewing =
    interviewerOnly || detail.interviews.some((interview) => interview.invitedIds.includes(reader.staffId))
  const { cards, hidden } = visibleScorecards(detail.scorecards, { staffId: reader.staffId, interviewer: interviewing })
  if (!interviewerOnly && hidden === 0) return detail
  return {
    ...detail,
    notes: interviewerOnly ? [] : detail.notes,
    deliveries: interviewerOnly ? [] : detail.deliveries,
    scorecards: cards,
    scorecardsHidden: hidden,
    timeline: detail.timeline.filter(
      (entry) =>
        (entry.kind !== 'scorecard' || hidden === 0) && (!interviewerOnly || FOR_INTERVIEWERS.includes(entry.kind)),
    ),
  }
}

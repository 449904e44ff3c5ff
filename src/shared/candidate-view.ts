import type { ApplicationDetail } from './application-pipeline'
import { applicationTimeline } from './application-timeline'
import type { HiringTeamRole } from './hiring-team'
import { visibleScorecards } from './scorecard'

/** What a reader's access to a candidate is: a recruiter's (everything) or their role on the job's team. */
export type CandidateAccess = 'manage' | HiringTeamRole

/**
 * The application as this reader may see it. Recruiters and the job's hiring managers see everything; an
 * interviewer gets what the interview needs (the candidate, the pipeline, the interviews), not the team's
 * notes and emails, and the others' scorecards only once their own is in.
 */
export function candidateView(
  detail: ApplicationDetail,
  reader: { staffId: number; access: CandidateAccess },
): ApplicationDetail {
  if (reader.access !== 'interviewer') return detail
  const { cards, hidden } = visibleScorecards(detail.scorecards, { staffId: reader.staffId, interviewer: true })
  const statuses = detail.notes.filter((note) => note.kind === 'status')
  return {
    ...detail,
    notes: [],
    deliveries: [],
    scorecards: cards,
    scorecardsHidden: hidden,
    timeline: applicationTimeline(detail, statuses, [], detail.interviews, cards),
  }
}

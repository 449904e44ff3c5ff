import { formatDisplayDateTime } from './dates'

/**
 * Interviews (issue 40): a recruiter or the job's hiring manager picks a time, a length, a place or video
 * link and interviewers from the job's hiring team; the candidate and the interviewers are sent an
 * iCalendar invitation, an update with the same UID when it moves, a cancellation when it is called off.
 */
export const INTERVIEW_LIMITS = {
  minMinutes: 15,
  maxMinutes: 480,
  location: 500,
  interviewers: 10,
} as const

/** The lengths the admin offers; the API takes any whole number of minutes within the limits. */
export const INTERVIEW_LENGTHS = [30, 45, 60, 90, 120] as const

export const INTERVIEW_STATES = ['scheduled', 'cancelled'] as const
export type InterviewState = (typeof INTERVIEW_STATES)[number]

export interface Interview {
  id: number
  /** The instant it starts (ISO 8601, UTC). */
  startsAt: string
  minutes: number
  /** A room, an address or a video link. */
  location: string
  /** Who interviews (their names then). */
  interviewers: { staffId: number; name: string }[]
  state: InterviewState
  /** Who scheduled it, or last moved or cancelled it (their name then). */
  by: string
  updatedAt: string
}

export const INTERVIEW_MESSAGES = {
  notFound: 'Interview not found',
  cancelled: 'This interview is cancelled',
  inThePast: 'The interview must start in the future',
  noInterviewers: 'Choose at least one interviewer',
  badStart: 'Start must be a date and time (ISO 8601 with its offset)',
  notOnTeam: (staffId: number) => `Staff member ${staffId} is not on this job's hiring team`,
} as const

/** How long it lasts, as the emails and the timeline say it. */
export const interviewLength = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`

/** The line the candidate's timeline shows for an interview. */
export function interviewSummary(
  interview: Pick<Interview, 'startsAt' | 'minutes' | 'location' | 'interviewers' | 'state'>,
) {
  const names = interview.interviewers.map((person) => person.name).join(', ')
  const state = interview.state === 'cancelled' ? ' (cancelled)' : ''
  return `Interview${state}: ${formatDisplayDateTime(interview.startsAt)}, ${interviewLength(interview.minutes)}, ${interview.location}, with ${names}`
}

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

export const INTERVIEW_CHANGES = ['scheduled', 'moved', 'cancelled'] as const
export type InterviewChangeKind = (typeof INTERVIEW_CHANGES)[number]

/** One change to an interview, as the candidate's timeline shows it. */
export interface InterviewEvent {
  kind: InterviewChangeKind
  at: string
  by: string
  /** The interview as it stood after the change. */
  summary: string
}

/** How far ahead an interview may be set: a year (a later date is a typo). */
export const INTERVIEW_MAX_DAYS_AHEAD = 366

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
  /** Everyone ever asked to it (staff ids), those taken off since included. */
  invitedIds: number[]
  updatedAt: string
}

export const INTERVIEW_MESSAGES = {
  notFound: 'Interview not found',
  cancelled: 'This interview is cancelled',
  inThePast: 'The interview must start in the future',
  tooFar: `The interview must start within ${INTERVIEW_MAX_DAYS_AHEAD} days`,
  noInterviewers: 'Choose at least one interviewer',
  badStart: 'Start must be a date and time (ISO 8601 with its offset)',
  notOnTeam: (staffId: number) => `Staff member ${staffId} is not on this job's hiring team`,
} as const

/** How long it lasts, as the emails and the timeline say it. */
export const interviewLength = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`

/** The interview in a line, as a change to it left it. */
export function interviewSummary(interview: Pick<Interview, 'startsAt' | 'minutes' | 'location' | 'interviewers'>) {
  const names = interview.interviewers.map((person) => person.name).join(', ')
  return `${formatDisplayDateTime(interview.startsAt)}, ${interviewLength(interview.minutes)}, ${interview.location}, with ${names}`
}

const CHANGE_LABELS: Record<InterviewChangeKind, string> = {
  scheduled: 'Interview scheduled',
  moved: 'Interview moved',
  cancelled: 'Interview cancelled',
}

/** A change to an interview, as its timeline entry says it. */
export const interviewChangeText = (event: Pick<InterviewEvent, 'kind' | 'summary'>) =>
  `${CHANGE_LABELS[event.kind]}: ${event.summary}`

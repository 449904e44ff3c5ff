import { mergeValues } from '../../../shared/candidate-email'
import { formatDisplayDateTime } from '../../../shared/dates'
import { type Interview, interviewLength } from '../../../shared/interview'

export type InterviewChange = 'invitation' | 'update' | 'cancellation'

/** The outbox kind of each message (application-pipeline.ts labels them in the candidate's timeline). */
export const INTERVIEW_MAIL_KINDS: Record<InterviewChange, string> = {
  invitation: 'interview-invitation',
  update: 'interview-update',
  cancellation: 'interview-cancelled',
}

const SUBJECT_PREFIX: Record<InterviewChange, string> = {
  invitation: '',
  update: 'Updated: ',
  cancellation: 'Cancelled: ',
}

type Details = Pick<Interview, 'startsAt' | 'minutes' | 'location' | 'interviewers'>

const when = (interview: Details) =>
  `When: ${formatDisplayDateTime(interview.startsAt)} (${interviewLength(interview.minutes)})`

const names = (interview: Details) => interview.interviewers.map((person) => person.name).join(', ')

/** What the candidate reads beside the attached invitation; replies go to the one who scheduled it. */
export function candidateInterviewMail(
  change: InterviewChange,
  interview: Details,
  { fullName, role, sender }: { fullName: string; role: string; sender: string },
) {
  const { firstName } = mergeValues(fullName, role, sender)
  const opening = {
    invitation: `You are invited to an interview for the ${role} role.`,
    update: `Your interview for the ${role} role has moved or changed. The new details:`,
    cancellation: `Your interview for the ${role} role is cancelled. We will be in touch.`,
  }[change]
  const details =
    change === 'cancellation'
      ? [when(interview)]
      : [when(interview), `Where: ${interview.location}`, `With: ${names(interview)}`]
  const calendar =
    change === 'cancellation'
      ? 'The attached update removes it from your calendar.'
      : 'The invitation is attached: open it to add the interview to your calendar. If the time does not suit you, reply to this email.'
  return {
    subject: `${SUBJECT_PREFIX[change]}Interview for ${role}`.replace(/\s+/g, ' '),
    text: [`Hello ${firstName},`, opening, details.join('\n'), calendar, sender].join('\n\n'),
  }
}

/** What an interviewer reads: who, when, where, and the candidate's page in the admin. */
export function interviewerMail(
  change: InterviewChange,
  interview: Details,
  { fullName, role, adminUrl }: { fullName: string; role: string; adminUrl: string },
) {
  const opening = {
    invitation: `You are interviewing ${fullName} for the ${role} role.`,
    update: `Your interview with ${fullName} for the ${role} role has changed. The new details:`,
    cancellation: `Your interview with ${fullName} for the ${role} role is cancelled.`,
  }[change]
  const details = [when(interview), `Where: ${interview.location}`].join('\n')
  const after =
    change === 'cancellation'
      ? 'The attached update removes it from your calendar.'
      : `The candidate, and your scorecard after the interview: ${adminUrl}`
  return {
    subject: `${SUBJECT_PREFIX[change]}Interview with ${fullName} for ${role}`.replace(/\s+/g, ' '),
    text: [opening, details, after].join('\n\n'),
  }
}

import { and, eq, inArray, ne } from 'drizzle-orm'
import type { MailDelivery } from '../../../shared/application-pipeline'
import { PIPELINE_MESSAGES } from '../../../shared/application-pipeline'
import { INTERVIEW_MESSAGES, type Interview } from '../../../shared/interview'
import type { InterviewInput } from '../../../shared/interview-schema'
import { adminApplicationPath } from '../../../shared/paths'
import { type StaffUser, staffName } from '../../../shared/staff'
import type { ContentVersion } from '../../cache/content-version'
import { interviews, jobApplications, jobTeam, staff } from '../../db/schema'
import type { WriteTx } from '../../db/write-transaction'
import { enqueueMail } from '../../mail/outbox'
import type { CandidateMail } from './candidate-mail'
import type { StillAllowed } from './hiring-team'
import { type CalendarPerson, interviewCalendar } from './interview-calendar'
import { candidateInterviewMail, INTERVIEW_MAIL_KINDS, type InterviewChange, interviewerMail } from './interview-mail'
import { type InterviewRow, recordChange, toInterview } from './interview-records'
import { applicationMailRef } from './notifications'

type Sender = Pick<StaffUser, 'id' | 'name' | 'email'>
type Refusal = { ok: false; status: 400 | 403 | 404 | 409; error: string }
/** `changed`: false for a move that asked for what the interview already was (nothing sent, nothing to audit). */
export type InterviewOutcome =
  | { ok: true; interview: Interview; invitations: MailDelivery[]; changed: boolean }
  | Refusal
type Row = InterviewRow
type Application = { id: number; jobId: number; fullName: string; email: string; role: string }
type Person = CalendarPerson & { staffId: number }
/** One message: to the candidate or to an interviewer, about which change, naming which attendees. */
type Letter = { to: CalendarPerson; candidate: boolean; change: InterviewChange; attendees: CalendarPerson[] }

/** Whether a move asks for what the interview already is (then nothing is sent). */
const unchanged = (row: Row, input: InterviewInput) =>
  row.startsAt.getTime() === input.startsAtMs &&
  row.minutes === input.minutes &&
  row.location === input.location &&
  row.interviewers
    .map((one) => one.staffId)
    .toSorted((a, b) => a - b)
    .join() === input.interviewerIds.toSorted((a, b) => a - b).join()

async function applicationOf(tx: WriteTx, id: number): Promise<Application | null> {
  const [row] = await tx
    .select({
      id: jobApplications.id,
      jobId: jobApplications.jobId,
      fullName: jobApplications.fullName,
      email: jobApplications.email,
      role: jobApplications.jobTitle,
    })
    .from(jobApplications)
    .where(eq(jobApplications.id, id))
  return row ?? null
}

/** The interviewers asked for, each on the job's hiring team and active, with the address to invite them at. */
async function teamOf(tx: WriteTx, jobId: number, ids: number[]) {
  const rows = await tx
    .select({ staffId: staff.id, name: staff.name, email: staff.email })
    .from(jobTeam)
    .innerJoin(staff, eq(staff.id, jobTeam.staffId))
    .where(and(eq(jobTeam.jobId, jobId), inArray(jobTeam.staffId, ids), eq(staff.state, 'active')))
  const missing = ids.find((id) => !rows.some((row) => row.staffId === id))
  if (missing !== undefined) return { ok: false as const, error: INTERVIEW_MESSAGES.notOnTeam(missing) }
  const people: Person[] = ids.map((id) => rows.find((row) => row.staffId === id)!)
  return { ok: true as const, people: people.map((one) => ({ ...one, name: staffName(one) })) }
}

/** Those once asked to interview, wherever they are now (a cancellation reaches the suspended too). */
async function addressesOf(tx: WriteTx, ids: number[]): Promise<Person[]> {
  if (ids.length === 0) return []
  const rows = await tx
    .select({ staffId: staff.id, name: staff.name, email: staff.email })
    .from(staff)
    // One removed from the staff keeps no address: there is no one left to tell.
    .where(and(inArray(staff.id, ids), ne(staff.email, '')))
  return rows.map((one) => ({ ...one, name: staffName(one) }))
}

/**
 * Scheduling, moving and cancelling an application's interviews, and the invitations that go with them
 * through the outbox in the same transaction. Without an SMTP server the interview is still kept, unsent.
 */
export function createInterviewService({
  content,
  clock,
  mail,
}: {
  content: Pick<ContentVersion, 'write'>
  clock: () => number
  mail: CandidateMail | null
}) {
  async function send(
    tx: WriteTx,
    row: Row,
    application: Application,
    letters: Letter[],
    { sender, origin, now }: { sender: Sender; origin: string; now: number },
  ): Promise<MailDelivery[]> {
    if (!mail) return []
    const senderName = staffName(sender)
    const interview = toInterview(row)
    // One organizer for the event's whole life, at the team's address: a person's may go when they leave.
    const organizer = { name: row.organizerName, email: mail.hiringEmail }
    const details = { fullName: application.fullName, role: application.role }
    const adminUrl = new URL(adminApplicationPath(application.id), origin).href
    const deliveries: MailDelivery[] = []
    for (const letter of letters) {
      const message = letter.candidate
        ? candidateInterviewMail(letter.change, interview, { ...details, sender: senderName })
        : interviewerMail(letter.change, interview, { ...details, adminUrl })
      const calendar = await interviewCalendar(interview, {
        uid: row.uid,
        sequence: row.sequence,
        cancelled: letter.change === 'cancellation',
        summary: `Interview: ${application.fullName} for ${application.role}`,
        description: message.text,
        organizer,
        attendees: letter.attendees,
        now,
      })
      const outgoing = {
        ref: applicationMailRef(application.id),
        kind: INTERVIEW_MAIL_KINDS[letter.change],
        to: letter.to.email,
        // Replies to the message go to whoever sent this change, as with any message a recruiter writes.
        replyTo: sender.email || mail.hiringEmail,
        sender: senderName,
        calendar,
        ...message,
      }
      deliveries.push(await enqueueMail(tx, outgoing, { now, domain: mail.domain }))
    }
    return deliveries
  }

  /**
   * The same change to the candidate and to every interviewer. The interviewers' calendars name everyone;
   * the candidate's names only them, so the staff's own addresses are not handed to candidates.
   */
  const toAll = (change: InterviewChange, application: Application, people: CalendarPerson[]): Letter[] => {
    const candidate = { name: application.fullName, email: application.email }
    const attendees = [candidate, ...people]
    return [
      { to: candidate, candidate: true, change, attendees: [candidate] },
      ...people.map((to) => ({ to, candidate: false, change, attendees })),
    ]
  }

  /** Runs one change in a write; what it sent wakes the sender. */
  async function change(
    applicationId: number,
    interviewId: number | null,
    stillAllowed: StillAllowed | null,
    work: (tx: WriteTx, application: Application, row: Row | null) => Promise<InterviewOutcome>,
  ): Promise<InterviewOutcome> {
    const outcome = await content.write(async (tx): Promise<InterviewOutcome> => {
      const refused = await stillAllowed?.(tx)
      if (refused) return { ok: false, ...refused }
      const application = await applicationOf(tx, applicationId)
      if (!application) return { ok: false, status: 404, error: PIPELINE_MESSAGES.notFound }
      let row: Row | null = null
      if (interviewId !== null) {
        ;[row = null] = await tx
          .select()
          .from(interviews)
          .where(and(eq(interviews.id, interviewId), eq(interviews.applicationId, applicationId)))
        if (!row) return { ok: false, status: 404, error: INTERVIEW_MESSAGES.notFound }
        if (row.state === 'cancelled') return { ok: false, status: 409, error: INTERVIEW_MESSAGES.cancelled }
      }
      return work(tx, application, row)
    })
    if (outcome.ok && outcome.invitations.length > 0) mail?.wake()
    return outcome
  }

  const fields = (input: InterviewInput, people: Person[]) => ({
    startsAt: new Date(input.startsAtMs),
    minutes: input.minutes,
    location: input.location,
    interviewers: people.map(({ staffId, name }) => ({ staffId, name })),
  })

  return {
    /** A new interview, and its invitation to the candidate and the interviewers. */
    schedule: (
      applicationId: number,
      input: InterviewInput,
      sender: Sender,
      origin: string,
      stillAllowed: StillAllowed | null,
    ) =>
      change(applicationId, null, stillAllowed, async (tx, application) => {
        const team = await teamOf(tx, application.jobId, input.interviewerIds)
        if (!team.ok) return { ok: false, status: 400, error: team.error }
        const now = clock()
        const [row] = await tx
          .insert(interviews)
          .values({
            applicationId,
            uid: `${crypto.randomUUID()}@${mail?.domain ?? 'interviews'}`,
            ...fields(input, team.people),
            organizerName: staffName(sender),
            invitedIds: input.interviewerIds,
            createdAt: new Date(now),
            updatedAt: new Date(now),
          })
          .returning()
        await recordChange(tx, row!, 'scheduled', sender, now)
        const letters = toAll('invitation', application, team.people)
        const invitations = await send(tx, row!, application, letters, { sender, origin, now })
        return { ok: true, interview: toInterview(row!), invitations, changed: true }
      }),

    /**
     * Moved or changed: an update (same UID, next SEQUENCE) to the candidate and those still on it, an
     * invitation to those added, a cancellation to those taken off.
     */
    reschedule: (
      applicationId: number,
      interviewId: number,
      input: InterviewInput,
      sender: Sender,
      origin: string,
      stillAllowed: StillAllowed | null,
    ) =>
      change(applicationId, interviewId, stillAllowed, async (tx, application, before) => {
        // Asked for as it is: nothing changes and no one is written to.
        if (unchanged(before!, input))
          return { ok: true, interview: toInterview(before!), invitations: [], changed: false }
        const team = await teamOf(tx, application.jobId, input.interviewerIds)
        if (!team.ok) return { ok: false, status: 400, error: team.error }
        const now = clock()
        const [row] = await tx
          .update(interviews)
          .set({
            ...fields(input, team.people),
            invitedIds: [...new Set([...before!.invitedIds, ...input.interviewerIds])],
            sequence: before!.sequence + 1,
            updatedAt: new Date(now),
          })
          .where(eq(interviews.id, interviewId))
          .returning()
        await recordChange(tx, row!, 'moved', sender, now)
        const wasOn = (person: Person) => before!.interviewers.some((one) => one.staffId === person.staffId)
        const removed = await addressesOf(
          tx,
          before!.interviewers
            .map((one) => one.staffId)
            .filter((id) => !team.people.some((person) => person.staffId === id)),
        )
        const letters = toAll('update', application, team.people).map((letter) =>
          letter.candidate || wasOn(letter.to as Person) ? letter : { ...letter, change: 'invitation' as const },
        )
        for (const person of removed)
          letters.push({ to: person, candidate: false, change: 'cancellation', attendees: [person] })
        const invitations = await send(tx, row!, application, letters, { sender, origin, now })
        return { ok: true, interview: toInterview(row!), invitations, changed: true }
      }),

    /** Called off: kept in the timeline as cancelled, a CANCEL with the same UID to everyone on it. */
    cancel: (
      applicationId: number,
      interviewId: number,
      sender: Sender,
      origin: string,
      stillAllowed: StillAllowed | null,
    ) =>
      change(applicationId, interviewId, stillAllowed, async (tx, application, before) => {
        const now = clock()
        const [row] = await tx
          .update(interviews)
          .set({ state: 'cancelled', sequence: before!.sequence + 1, updatedAt: new Date(now) })
          .where(eq(interviews.id, interviewId))
          .returning()
        await recordChange(tx, row!, 'cancelled', sender, now)
        const people = await addressesOf(
          tx,
          before!.interviewers.map((one) => one.staffId),
        )
        const letters = toAll('cancellation', application, people)
        const invitations = await send(tx, row!, application, letters, { sender, origin, now })
        return { ok: true, interview: toInterview(row!), invitations, changed: true }
      }),
  }
}

export type InterviewService = ReturnType<typeof createInterviewService>

import { afterEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { applyAs, errorOf } from '../../../../tests/support/applications'
import { invitationIn } from '../../../../tests/support/calendar'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { closeMailApp, type LoopbackSmtp, loopbackSmtp } from '../../../../tests/support/smtp'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import type { ApplicationDetail } from '../../../shared/application-pipeline'
import { INTERVIEW_MESSAGES, type Interview } from '../../../shared/interview'
import { STAFF_MESSAGES } from '../../../shared/staff'

const [job, otherJob] = activeJobs(jobs)
const now = Date.UTC(2030, 0, 7, 12)
const start = '2030-01-10T10:00:00.000Z'
let t: TestApp | null = null
let smtp: LoopbackSmtp | null = null
afterEach(async () => {
  await closeMailApp(t, smtp)
  t = null
  smtp = null
})

/** A recruiter, a hiring manager and two interviewers on the first job's team, and a candidate for it. */
async function setUp() {
  smtp = loopbackSmtp()
  await smtp.listen()
  t = await createTestApp({ now: () => now, smtpUrl: smtp.url })
  const owner = adminClient(t)
  await owner.login()
  const recruiter = await joinStaff(t, owner, 'recruiter', { email: 'rae@studio.test', name: 'Rae Recruiter' })
  const manager = await joinStaff(t, owner, 'author', { email: 'hana@studio.test', name: 'Hana Manager' })
  const ivan = await joinStaff(t, owner, 'contributor', { email: 'ivan@studio.test', name: 'Ivan Interviewer' })
  const iris = await joinStaff(t, owner, 'contributor', { email: 'iris@studio.test', name: 'Iris Interviewer' })
  const outsider = await joinStaff(t, owner, 'editor', { email: 'olga@studio.test', name: 'Olga Outside' })
  const team = await owner.request('PUT', `/api/admin/jobs/${job!.id}/team`, {
    members: [
      { staffId: manager.id, role: 'hiring-manager' },
      { staffId: ivan.id, role: 'interviewer' },
      { staffId: iris.id, role: 'interviewer' },
    ],
  })
  expect(team.status).toBe(200)
  const candidate = await applyAs(t, job!.id, 'Ada Lovelace')
  return { t, smtp, recruiter, manager, ivan, iris, outsider, candidate }
}

/** The messages carrying a calendar, once `count` of them have arrived (the staff's invitations and the applicant's confirmation go too). */
async function calendars(count: number) {
  await t!.mailSender!.runOnce()
  const deadline = Date.now() + 10_000
  for (;;) {
    const found = smtp!.received.filter((mail) => mail.attachments.some((part) => part.contentType === 'text/calendar'))
    if (found.length >= count) return found
    if (Date.now() > deadline) throw new Error(`expected ${count} invitations, got ${found.length}`)
    await Bun.sleep(20)
  }
}

describe('interview invitations', () => {
  test('an invitation, a move and a cancellation reach the candidate and the interviewers as one calendar event', async () => {
    const { recruiter, manager, ivan, iris, candidate } = await setUp()
    const scheduled = await recruiter.request('POST', `/api/admin/applications/${candidate}/interviews`, {
      startsAt: start,
      minutes: 45,
      location: 'https://meet.example.com/abc',
      interviewerIds: [ivan.id, iris.id],
    })
    expect(scheduled.status).toBe(201)
    const { interview, invitations } = (await scheduled.json()) as { interview: Interview; invitations: unknown[] }
    expect(interview.interviewers.map((one) => one.name)).toEqual(['Ivan Interviewer', 'Iris Interviewer'])
    expect(invitations).toHaveLength(3)

    const invited = await calendars(3)
    const toCandidate = invited.find((mail) => mail.subject === `Interview for ${job!.title}`)!
    expect(toCandidate.text).toContain('Hello Ada,')
    expect(toCandidate.text).toContain('When: ')
    expect(toCandidate.replyTo?.text).toBe('rae@studio.test')
    const request = invitationIn(toCandidate)
    expect(request).toMatchObject({
      method: 'REQUEST',
      partMethod: 'REQUEST',
      sequence: 0,
      start,
      end: '2030-01-10T10:45:00.000Z',
      location: 'https://meet.example.com/abc',
      status: 'CONFIRMED',
      organizer: 'hiring@studio.test',
    })
    // The candidate's calendar names them alone: the staff's own addresses are not handed out.
    expect(request.attendees).toEqual(['ada@example.com'])
    const toIvan = invited.find((mail) => mail.to && JSON.stringify(mail.to).includes('ivan@studio.test'))!
    expect(toIvan.subject).toBe(`Interview with Ada Lovelace for ${job!.title}`)
    expect(toIvan.text).toContain(`/admin/blog?application=${candidate}`)
    expect(invitationIn(toIvan).uid).toBe(request.uid)
    expect(invitationIn(toIvan).attendees.sort()).toEqual(['ada@example.com', 'iris@studio.test', 'ivan@studio.test'])

    // Moved an hour later by the hiring manager, without Iris: the same event (same organizer) updated for
    // the others, cancelled for her; replies to the update go to the one who moved it.
    const moved = await manager.request('PUT', `/api/admin/applications/${candidate}/interviews/${interview.id}`, {
      startsAt: '2030-01-10T11:00:00Z',
      minutes: 60,
      location: 'Room 2',
      interviewerIds: [ivan.id],
    })
    expect(moved.status).toBe(200)
    const afterMove = (await calendars(6)).slice(3)
    const updated = afterMove.find((mail) => mail.subject === `Updated: Interview for ${job!.title}`)!
    expect(updated.replyTo?.text).toBe('hana@studio.test')
    expect(invitationIn(updated)).toMatchObject({
      method: 'REQUEST',
      uid: request.uid,
      sequence: 1,
      start: '2030-01-10T11:00:00.000Z',
      organizer: 'hiring@studio.test',
    })
    // Asked for again as it is now (the interviewers in any order): nothing changes, no one is written to.
    const again = await manager.request('PUT', `/api/admin/applications/${candidate}/interviews/${interview.id}`, {
      startsAt: '2030-01-10T11:00:00Z',
      minutes: 60,
      location: 'Room 2',
      interviewerIds: [ivan.id],
    })
    expect(((await again.json()) as { invitations: unknown[] }).invitations).toEqual([])
    const dropped = afterMove.find((mail) => JSON.stringify(mail.to).includes('iris@studio.test'))!
    expect(invitationIn(dropped)).toMatchObject({
      method: 'CANCEL',
      partMethod: 'CANCEL',
      uid: request.uid,
      sequence: 1,
    })

    const cancelled = await recruiter.request(
      'DELETE',
      `/api/admin/applications/${candidate}/interviews/${interview.id}`,
    )
    expect(cancelled.status).toBe(200)
    const afterCancel = (await calendars(8)).slice(6)
    expect(afterCancel.map((mail) => invitationIn(mail).method)).toEqual(['CANCEL', 'CANCEL'])
    expect(invitationIn(afterCancel[0]!)).toMatchObject({ uid: request.uid, sequence: 2, status: 'CANCELLED' })

    expect(
      await errorOf(
        await recruiter.request('DELETE', `/api/admin/applications/${candidate}/interviews/${interview.id}`),
      ),
    ).toEqual([409, INTERVIEW_MESSAGES.cancelled])
    const detail = (await (
      await recruiter.request('GET', `/api/admin/applications/${candidate}`)
    ).json()) as ApplicationDetail
    expect(detail.interviews.map((one) => one.state)).toEqual(['cancelled'])
    expect(
      detail.timeline.filter((one) => one.kind === 'interview').map((one) => [one.by, one.text.split(':')[0]]),
    ).toEqual([
      ['Rae Recruiter', 'Interview scheduled'],
      ['Hana Manager', 'Interview moved'],
      ['Rae Recruiter', 'Interview cancelled'],
    ])
    expect(detail.timeline.filter((one) => one.kind === 'email').length).toBe(10)
  })

  test('only recruiters and the hiring manager schedule, with interviewers from the job’s team, in the future', async () => {
    const { recruiter, manager, ivan, outsider, candidate, t } = await setUp()
    const path = `/api/admin/applications/${candidate}/interviews`
    const asked = { startsAt: start, minutes: 30, location: 'Room 1', interviewerIds: [ivan.id] }
    expect((await manager.request('POST', path, asked)).status).toBe(201)
    expect(await errorOf(await ivan.request('POST', path, asked))).toEqual([403, STAFF_MESSAGES.forbidden])
    expect((await outsider.request('POST', path, asked)).status).toBe(403)
    expect(await errorOf(await recruiter.request('POST', path, { ...asked, interviewerIds: [outsider.id] }))).toEqual([
      400,
      INTERVIEW_MESSAGES.notOnTeam(outsider.id),
    ])
    expect(await errorOf(await recruiter.request('POST', path, { ...asked, interviewerIds: [] }))).toEqual([
      400,
      INTERVIEW_MESSAGES.noInterviewers,
    ])
    expect(
      await errorOf(await recruiter.request('POST', path, { ...asked, startsAt: '2030-01-07T11:00:00Z' })),
    ).toEqual([400, INTERVIEW_MESSAGES.inThePast])
    expect(
      await errorOf(await recruiter.request('POST', path, { ...asked, startsAt: '2030-02-30T10:00:00Z' })),
    ).toEqual([400, INTERVIEW_MESSAGES.badStart])
    expect(
      await errorOf(await recruiter.request('POST', path, { ...asked, startsAt: '2031-02-01T10:00:00Z' })),
    ).toEqual([400, INTERVIEW_MESSAGES.tooFar])
    expect((await recruiter.request('POST', path, { ...asked, minutes: 5 })).status).toBe(400)
    expect((await recruiter.request('POST', path, { ...asked, location: '  ' })).status).toBe(400)
    expect((await recruiter.request('POST', `/api/admin/applications/999/interviews`, asked)).status).toBe(404)
    expect((await recruiter.request('PUT', `${path}/999`, asked)).status).toBe(404)
    // Another job's candidate is not this team's to interview.
    const elsewhere = await applyAs(t, otherJob!.id, 'Bea Else')
    expect(
      await errorOf(await recruiter.request('POST', `/api/admin/applications/${elsewhere}/interviews`, asked)),
    ).toEqual([400, INTERVIEW_MESSAGES.notOnTeam(ivan.id)])

    // Erasing the candidate erases their interviews.
    expect((await recruiter.request('DELETE', `/api/admin/applications/${candidate}`)).status).toBe(200)
    for (const table of ['interviews', 'interview_events'])
      expect(await t.db.$client.execute(`SELECT count(*) AS n FROM ${table}`).then((r) => r.rows[0]!.n)).toBe(0)
  })
})

import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { whileAnotherProcessWrites } from '../../../../tests/support/another-process-writes'
import { applyAs, errorOf } from '../../../../tests/support/applications'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import type { ApplicationDetail, ApplicationSummary } from '../../../shared/application-pipeline'
import { HIRING_TEAM_MESSAGES, type HiringTeamMember } from '../../../shared/hiring-team'
import { STAFF_MESSAGES } from '../../../shared/staff'

const [jobA, jobB] = activeJobs(jobs)
let t: TestApp
let owner: ReturnType<typeof adminClient>
beforeEach(async () => {
  t = await createTestApp()
  owner = adminClient(t)
  await owner.login()
})
afterEach(() => t.close())

describe("a job's hiring team", () => {
  test('sees only its job’s candidates: an interviewer reads them, a hiring manager also moves them; others get 403', async () => {
    const manager = await joinStaff(t, owner, 'author', { email: 'hana@studio.test', name: 'Hana Manager' })
    const interviewer = await joinStaff(t, owner, 'contributor', {
      email: 'ivan@studio.test',
      name: 'Ivan Interviewer',
    })
    const outsider = await joinStaff(t, owner, 'editor', { email: 'olga@studio.test', name: 'Olga Outside' })
    const ids = { hana: 2, ivan: 3 }
    const staffList = (await (await owner.request('GET', '/api/admin/staff')).json()) as { id: number; email: string }[]
    ids.hana = staffList.find((member) => member.email === 'hana@studio.test')!.id
    ids.ivan = staffList.find((member) => member.email === 'ivan@studio.test')!.id
    const set = await owner.request('PUT', `/api/admin/jobs/${jobA!.id}/team`, {
      members: [
        { staffId: ids.hana, role: 'hiring-manager' },
        { staffId: ids.ivan, role: 'interviewer' },
      ],
    })
    expect(set.status).toBe(200)
    const { members, staff } = (await (await owner.request('GET', `/api/admin/jobs/${jobA!.id}/team`)).json()) as {
      members: HiringTeamMember[]
      staff: Record<string, unknown>[]
    }
    // Who may be put on the team: those who do not see every candidate already, by name, without addresses.
    expect(staff.map((person) => person.name).sort()).toEqual(['Hana Manager', 'Ivan Interviewer', 'Olga Outside'])
    expect(staff.every((person) => !('email' in person))).toBe(true)
    expect(members.map(({ name, role }) => [name, role])).toEqual([
      ['Hana Manager', 'hiring-manager'],
      ['Ivan Interviewer', 'interviewer'],
    ])

    const ours = await applyAs(t, jobA!.id, 'Ada Ours')
    const theirs = await applyAs(t, jobB!.id, 'Bea Theirs')

    const listed = (await (await interviewer.request('GET', '/api/admin/applications')).json()) as ApplicationSummary[]
    expect(listed.map((application) => application.fullName)).toEqual(['Ada Ours'])
    expect((await interviewer.request('GET', `/api/admin/applications/${ours}`)).status).toBe(200)
    expect(await errorOf(await interviewer.request('GET', `/api/admin/applications/${theirs}`))).toEqual([
      403,
      HIRING_TEAM_MESSAGES.notOnTeam,
    ])
    expect((await interviewer.request('GET', `/api/admin/applications/${theirs}/resume`)).status).toBe(403)
    expect(
      await errorOf(await interviewer.request('PATCH', `/api/admin/applications/${ours}`, { status: 'reviewing' })),
    ).toEqual([403, STAFF_MESSAGES.forbidden])
    // Exporting, deleting and writing to candidates stay with those who run hiring.
    expect((await interviewer.request('GET', `/api/admin/applications/${ours}/export`)).status).toBe(403)
    expect((await interviewer.request('GET', '/api/admin/applications.csv')).status).toBe(403)

    const moved = await manager.request('PATCH', `/api/admin/applications/${ours}`, { status: 'interview' })
    expect(moved.status).toBe(200)
    const { timeline } = (await moved.json()) as ApplicationDetail
    expect(timeline.at(-1)).toMatchObject({ kind: 'status', by: 'Hana Manager', text: 'Status: New → Interview' })
    expect((await manager.request('PATCH', `/api/admin/applications/${theirs}`, { note: 'Hm.' })).status).toBe(403)
    // The team's own talk is not the interviewer's: notes and emails are left out of what they read.
    await manager.request('PATCH', `/api/admin/applications/${ours}`, { note: 'Strong portfolio; ask about tools.' })
    const read = (await (
      await interviewer.request('GET', `/api/admin/applications/${ours}`)
    ).json()) as ApplicationDetail
    expect([read.notes, read.deliveries, read.timeline.map((entry) => entry.kind)]).toEqual([
      [],
      [],
      ['applied', 'status'],
    ])

    expect(await (await outsider.request('GET', '/api/admin/applications')).json()).toEqual([])
    expect((await outsider.request('GET', `/api/admin/applications/${ours}`)).status).toBe(403)
    // A candidate who does not exist is a 404 for anyone.
    expect((await outsider.request('GET', `/api/admin/applications/${theirs + 100}`)).status).toBe(404)
    // Someone removed from the staff leaves every team; the team as read can be saved back.
    expect((await owner.request('DELETE', `/api/admin/staff/${ids.hana}?posts=keep`)).status).toBe(200)
    const after = (await (await owner.request('GET', `/api/admin/jobs/${jobA!.id}/team`)).json()) as {
      members: HiringTeamMember[]
    }
    expect(after.members.map((member) => member.name)).toEqual(['Ivan Interviewer'])
    const back = after.members.map(({ staffId, role }) => ({ staffId, role }))
    expect((await owner.request('PUT', `/api/admin/jobs/${jobA!.id}/team`, { members: back })).status).toBe(200)
    // Off the team, the candidates go too.
    await owner.request('PUT', `/api/admin/jobs/${jobA!.id}/team`, { members: [] })
    expect((await interviewer.request('GET', `/api/admin/applications/${ours}`)).status).toBe(403)
  })

  test('someone taken off the team while their change waits to be written changes nothing: it is judged in the write', async () => {
    await owner.request('PUT', `/api/admin/jobs/${jobA!.id}/scorecard`, { attributes: ['Craft'] })
    const hana = await joinStaff(t, owner, 'author', { email: 'hana@studio.test', name: 'Hana Manager' })
    const candidate = await applyAs(t, jobA!.id, 'Ada Ours')
    const changes = {
      status: () => hana.request('PATCH', `/api/admin/applications/${candidate}`, { status: 'interview' }),
      scorecard: () =>
        hana.request('POST', `/api/admin/applications/${candidate}/scorecards`, {
          ratings: { Craft: 4 },
          overall: 'yes',
        }),
      interview: () =>
        hana.request('POST', `/api/admin/applications/${candidate}/interviews`, {
          startsAt: new Date(Date.now() + 2 * 24 * 3600_000).toISOString(),
          minutes: 45,
          location: 'Studio',
          interviewerIds: [hana.id],
        }),
    }
    for (const [change, send] of Object.entries(changes)) {
      const put = await owner.request('PUT', `/api/admin/jobs/${jobA!.id}/team`, {
        members: [{ staffId: hana.id, role: 'hiring-manager' }],
      })
      expect(put.status).toBe(200)
      const answer = await whileAnotherProcessWrites(
        t.databaseUrl,
        [`DELETE FROM job_team WHERE staff_id = ${hana.id}`],
        send,
      )
      expect({ change, answer: await errorOf(answer) }).toEqual({
        change,
        answer: [403, HIRING_TEAM_MESSAGES.notOnTeam],
      })
    }
    const detail = (await (
      await owner.request('GET', `/api/admin/applications/${candidate}`)
    ).json()) as ApplicationDetail
    expect(detail.status).toBe('new')
    for (const table of ['scorecards', 'interviews'])
      expect(await t.db.$client.execute(`SELECT count(*) AS n FROM ${table}`).then((r) => r.rows[0]!.n)).toBe(0)
  })

  test('is set only by those who run jobs, with people on the staff, each once, as one of the two roles', async () => {
    const author = await joinStaff(t, owner, 'author')
    const put = (body: unknown, client = owner) => client.request('PUT', `/api/admin/jobs/${jobA!.id}/team`, body)
    expect((await put({ members: [] }, author)).status).toBe(403)
    expect(await errorOf(await put({ members: [{ staffId: 999, role: 'interviewer' }] }))).toEqual([
      400,
      HIRING_TEAM_MESSAGES.notStaff(999),
    ])
    expect(
      await errorOf(
        await put({
          members: [
            { staffId: 1, role: 'interviewer' },
            { staffId: 1, role: 'hiring-manager' },
          ],
        }),
      ),
    ).toEqual([400, HIRING_TEAM_MESSAGES.twice(1)])
    expect(await errorOf(await put({ members: [{ staffId: 1, role: 'boss' }] }))).toEqual([
      400,
      'Role must be hiring-manager or interviewer',
    ])
    expect((await owner.request('GET', '/api/admin/jobs/999/team')).status).toBe(404)
  })
})

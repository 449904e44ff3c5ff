import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { applyAs, errorOf } from '../../../../tests/support/applications'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import type { ApplicationDetail } from '../../../shared/application-pipeline'
import { HIRING_TEAM_MESSAGES } from '../../../shared/hiring-team'
import { SCORECARD_MESSAGES, type Scorecard, scorecardSummary } from '../../../shared/scorecard'

const [job, otherJob] = activeJobs(jobs)
let t: TestApp
let owner: ReturnType<typeof adminClient>
beforeEach(async () => {
  t = await createTestApp()
  owner = adminClient(t)
  await owner.login()
})
afterEach(() => t.close())

const ATTRIBUTES = ['Craft', 'Collaboration']

async function setUp() {
  const recruiter = await joinStaff(t, owner, 'recruiter', { email: 'rae@studio.test', name: 'Rae Recruiter' })
  const ivan = await joinStaff(t, owner, 'contributor', { email: 'ivan@studio.test', name: 'Ivan Interviewer' })
  const iris = await joinStaff(t, owner, 'contributor', { email: 'iris@studio.test', name: 'Iris Interviewer' })
  const outsider = await joinStaff(t, owner, 'editor', { email: 'olga@studio.test', name: 'Olga Outside' })
  await owner.request('PUT', `/api/admin/jobs/${job!.id}/team`, {
    members: [
      { staffId: ivan.id, role: 'interviewer' },
      { staffId: iris.id, role: 'interviewer' },
    ],
  })
  const candidate = await applyAs(t, job!.id, 'Ada Lovelace')
  return { recruiter, ivan, iris, outsider, candidate }
}

const read = async (client: ReturnType<typeof adminClient>, id: number) =>
  (await (await client.request('GET', `/api/admin/applications/${id}`)).json()) as ApplicationDetail

describe('scorecards', () => {
  test('a recruiter named on an interview is an interviewer there: the others show once theirs is in', async () => {
    await owner.request('PUT', `/api/admin/jobs/${job!.id}/scorecard`, { attributes: ATTRIBUTES })
    const { recruiter, ivan, candidate } = await setUp()
    // The recruiter interviews too: put on the team, then on the interview.
    const staffList = (await (await owner.request('GET', '/api/admin/staff')).json()) as { id: number; email: string }[]
    const raeId = staffList.find((person) => person.email === 'rae@studio.test')!.id
    const team = (await (await owner.request('GET', `/api/admin/jobs/${job!.id}/team`)).json()) as {
      members: { staffId: number; role: string }[]
    }
    await owner.request('PUT', `/api/admin/jobs/${job!.id}/team`, {
      members: [
        ...team.members.map(({ staffId, role }) => ({ staffId, role })),
        { staffId: raeId, role: 'hiring-manager' },
      ],
    })
    const card = { ratings: { Craft: 4, Collaboration: 3 }, overall: 'yes', note: 'Ivan thinks so.' }
    expect((await ivan.request('POST', `/api/admin/applications/${candidate}/scorecards`, card)).status).toBe(201)
    expect((await read(recruiter, candidate)).scorecards).toHaveLength(1)
    const scheduled = await recruiter.request('POST', `/api/admin/applications/${candidate}/interviews`, {
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      minutes: 30,
      location: 'Room 1',
      interviewerIds: [raeId],
    })
    expect(scheduled.status).toBe(201)
    // Taking oneself off the interview does not open the others' cards either.
    const { interview } = (await scheduled.json()) as { interview: { id: number; startsAt: string } }
    const off = await recruiter.request('PUT', `/api/admin/applications/${candidate}/interviews/${interview.id}`, {
      startsAt: interview.startsAt,
      minutes: 30,
      location: 'Room 1',
      interviewerIds: [ivan.id],
    })
    expect(off.status).toBe(200)
    const interviewing = await read(recruiter, candidate)
    expect([interviewing.scorecards, interviewing.scorecardsHidden]).toEqual([[], 1])
    expect(JSON.stringify(interviewing)).not.toContain('Ivan thinks so.')
    // Not through the answer to a note either.
    const noted = await recruiter.request('PATCH', `/api/admin/applications/${candidate}`, { note: 'Met her.' })
    expect(JSON.stringify(await noted.json())).not.toContain('Ivan thinks so.')
    expect((await recruiter.request('POST', `/api/admin/applications/${candidate}/scorecards`, card)).status).toBe(201)
    expect((await read(recruiter, candidate)).scorecards).toHaveLength(2)
  })

  test('an attribute named like a built-in of every object must still be rated', async () => {
    const { ivan, candidate } = await setUp()
    await owner.request('PUT', `/api/admin/jobs/${job!.id}/scorecard`, {
      attributes: ['constructor', 'toString', '__proto__'],
    })
    const path = `/api/admin/applications/${candidate}/scorecards`
    expect(await errorOf(await ivan.request('POST', path, { ratings: {}, overall: 'yes' }))).toEqual([
      400,
      SCORECARD_MESSAGES.unrated('constructor'),
    ])
    // Sent as JSON text: an object literal's __proto__ would not be a key of its own.
    const ratings = '{"constructor": 2, "toString": 4, "__proto__": 1}'
    expect(
      await errorOf(
        await ivan.request(
          'POST',
          path,
          JSON.parse(`{"ratings": {"constructor": 2, "toString": 4}, "overall": "yes"}`),
        ),
      ),
    ).toEqual([400, SCORECARD_MESSAGES.unrated('__proto__')])
    const sent = await ivan.request('POST', path, JSON.parse(`{"ratings": ${ratings}, "overall": "yes"}`))
    expect(sent.status).toBe(201)
    const stored = (await read(ivan, candidate)).scorecards[0]!
    expect(Object.keys(stored.ratings).sort()).toEqual(['__proto__', 'constructor', 'toString'])
    expect(scorecardSummary([stored], ['constructor', 'toString', '__proto__']).averages.map((a) => a.average)).toEqual(
      [2, 4, 1],
    )
  })

  test("a job's attributes are set by those who run jobs: named once each, trimmed", async () => {
    const path = `/api/admin/jobs/${job!.id}/scorecard`
    expect(await (await owner.request('GET', path)).json()).toEqual({ attributes: [] })
    const saved = await owner.request('PUT', path, { attributes: ['  Craft ', 'Collaboration'] })
    expect(await saved.json()).toEqual({ attributes: ATTRIBUTES })
    expect(await (await owner.request('GET', path)).json()).toEqual({ attributes: ATTRIBUTES })
    expect(await errorOf(await owner.request('PUT', path, { attributes: ['Craft', 'craft'] }))).toEqual([
      400,
      SCORECARD_MESSAGES.attributeTwice('craft'),
    ])
    expect((await owner.request('PUT', path, { attributes: [''] })).status).toBe(400)
    expect((await owner.request('PUT', path, { attributes: ['a'.repeat(81)] })).status).toBe(400)
    expect((await owner.request('PUT', '/api/admin/jobs/9999/scorecard', { attributes: [] })).status).toBe(404)
    const { ivan } = await setUp()
    expect((await ivan.request('PUT', path, { attributes: [] })).status).toBe(403)
  })

  test("an interviewer sees the others' scorecards only once their own is in; recruiters see them all", async () => {
    await owner.request('PUT', `/api/admin/jobs/${job!.id}/scorecard`, { attributes: ATTRIBUTES })
    const { recruiter, ivan, iris, candidate } = await setUp()
    const path = `/api/admin/applications/${candidate}/scorecards`
    const first = await ivan.request('POST', path, {
      ratings: { Craft: 4, Collaboration: 3 },
      overall: 'strong-yes',
      note: 'Sharp portfolio review.',
    })
    expect(first.status).toBe(201)
    expect(((await first.json()) as Scorecard).by).toBe('Ivan Interviewer')

    const before = await read(iris, candidate)
    expect(before.scorecardAttributes).toEqual(ATTRIBUTES)
    expect(before.scorecards).toEqual([])
    expect(before.scorecardsHidden).toBe(1)
    expect(before.timeline.some((entry) => entry.kind === 'scorecard')).toBe(false)
    expect(JSON.stringify(before)).not.toContain('Sharp portfolio review')

    expect((await iris.request('POST', path, { ratings: { Craft: 2, Collaboration: 3 }, overall: 'no' })).status).toBe(
      201,
    )
    const after = await read(iris, candidate)
    expect(after.scorecards.map((card) => [card.by, card.overall])).toEqual([
      ['Ivan Interviewer', 'strong-yes'],
      ['Iris Interviewer', 'no'],
    ])
    expect(after.scorecardsHidden).toBe(0)
    expect(after.timeline.filter((entry) => entry.kind === 'scorecard').map((entry) => entry.text)).toEqual([
      'Scorecard: Strong yes',
      'Scorecard: No',
    ])

    const all = await read(recruiter, candidate)
    expect(all.scorecards).toHaveLength(2)
    expect(scorecardSummary(all.scorecards, all.scorecardAttributes)).toEqual({
      count: 2,
      overall: { 'strong-no': 0, no: 1, yes: 0, 'strong-yes': 1 },
      averages: [
        { attribute: 'Craft', average: 3 },
        { attribute: 'Collaboration', average: 3 },
      ],
    })

    // Final once in: read the others, and one's own stays as it was written.
    expect(
      await errorOf(
        await ivan.request('POST', path, { ratings: { Craft: 1, Collaboration: 1 }, overall: 'strong-no' }),
      ),
    ).toEqual([409, SCORECARD_MESSAGES.alreadyIn])
    expect((await read(recruiter, candidate)).scorecards.map((card) => card.overall)).toEqual(['strong-yes', 'no'])
  })

  test('every attribute rated, none other, a known recommendation, only by those who may read the candidate', async () => {
    const { ivan, outsider, candidate } = await setUp()
    const path = `/api/admin/applications/${candidate}/scorecards`
    const card = { ratings: { Craft: 4, Collaboration: 3 }, overall: 'yes' }
    expect(await errorOf(await ivan.request('POST', path, card))).toEqual([400, SCORECARD_MESSAGES.noAttributes])
    await owner.request('PUT', `/api/admin/jobs/${job!.id}/scorecard`, { attributes: ATTRIBUTES })
    expect(await errorOf(await ivan.request('POST', path, { ...card, ratings: { Craft: 4 } }))).toEqual([
      400,
      SCORECARD_MESSAGES.unrated('Collaboration'),
    ])
    expect(
      await errorOf(await ivan.request('POST', path, { ...card, ratings: { ...card.ratings, Charm: 2 } })),
    ).toEqual([400, SCORECARD_MESSAGES.unknownAttribute('Charm')])
    expect((await ivan.request('POST', path, { ...card, ratings: { Craft: 5, Collaboration: 3 } })).status).toBe(400)
    expect((await ivan.request('POST', path, { ...card, overall: 'maybe' })).status).toBe(400)
    expect((await ivan.request('POST', path, { ...card, note: 'x'.repeat(5001) })).status).toBe(400)
    expect(await errorOf(await outsider.request('POST', path, card))).toEqual([403, HIRING_TEAM_MESSAGES.notOnTeam])
    const elsewhere = await applyAs(t, otherJob!.id, 'Bea Else')
    expect((await ivan.request('POST', `/api/admin/applications/${elsewhere}/scorecards`, card)).status).toBe(403)
    expect((await ivan.request('POST', '/api/admin/applications/9999/scorecards', card)).status).toBe(404)
    expect((await ivan.request('POST', path, card)).status).toBe(201)

    // Erasing the candidate erases what was written about them.
    expect((await owner.request('DELETE', `/api/admin/applications/${candidate}`)).status).toBe(200)
    expect(await t.db.$client.execute('SELECT count(*) AS n FROM scorecards').then((r) => r.rows[0]!.n)).toBe(0)
  })
})

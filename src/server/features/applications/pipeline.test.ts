import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { strFromU8, unzipSync } from 'fflate'
import { adminClient } from '../../../../tests/support/admin-client'
import { tinyPdf } from '../../../../tests/support/documents'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import {
  type ApplicationDetail,
  type ApplicationSummary,
  NOTE_MAX_LENGTH,
  PIPELINE_MESSAGES,
} from '../../../shared/application-pipeline'
import { applicationFiles, applicationNotes, auditLog, jobApplications } from '../../db/schema'

const DAY = 24 * 60 * 60 * 1000
let now = Date.UTC(2030, 0, 1, 12)
let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, now: () => now })
  admin = adminClient(t)
})
afterAll(() => t.close())
beforeEach(async () => {
  for (const table of [applicationFiles, applicationNotes, jobApplications, auditLog]) await t.db.delete(table)
  await admin.login()
})

const [jobA, jobB] = activeJobs(jobs)
let client = 0
async function apply(fields: Record<string, unknown>, file?: Uint8Array<ArrayBuffer>): Promise<number> {
  const body = new FormData()
  const all = { jobId: jobA!.id, fullName: 'Ada Lovelace', email: 'ada@example.com', coverLetter: 'Hi', ...fields }
  for (const [key, value] of Object.entries(all)) body.append(key, String(value))
  if (file) body.append('resume', new File([file], 'cv.pdf'))
  else if (!('resumeText' in fields)) body.append('resumeText', 'Pasted')
  const res = await t.request('/api/job-applications', {
    method: 'POST',
    headers: { origin: 'http://localhost', 'x-forwarded-for': `203.0.113.${++client % 250}` },
    body,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: number }).id
}
const list = (query = '') => admin.json<ApplicationSummary[]>('GET', `/api/admin/applications${query}`)
const detail = (id: number) => admin.json<ApplicationDetail>('GET', `/api/admin/applications/${id}`)

describe('without a session every call answers 401, before its input is looked at', () => {
  test.each([
    ['GET', '/api/admin/applications?status=bogus'],
    ['GET', '/api/admin/applications.csv?jobId=x'],
    ['GET', '/api/admin/applications/abc'],
    ['GET', '/api/admin/applications/1/resume'],
    ['PATCH', '/api/admin/applications/abc'],
    ['PATCH', '/api/admin/applications/1'],
    ['DELETE', '/api/admin/applications/1'],
    ['GET', '/api/admin/mail'],
    ['POST', '/api/admin/mail/1/retry'],
  ])('%s %s', async (method, path) => {
    const res = await t.request(path, {
      method,
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      body: method === 'PATCH' ? JSON.stringify({ status: 'nope', bogus: 1 }) : undefined,
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Authentication required' })
  })
})

describe('the list', () => {
  test('filters by job, status and search, newest first; a bad filter is a 400 that says why', async () => {
    const ada = await apply({ location: 'London' })
    now += 1000
    const grace = await apply({ jobId: jobB!.id, fullName: 'Grace Hopper', email: 'grace@navy.example' })
    now += 1000
    const alan = await apply({ fullName: 'Alan Turing', email: 'alan@example.com' })
    await admin.request('PATCH', `/api/admin/applications/${alan}`, { status: 'interview' })

    expect((await list()).map((a) => a.id)).toEqual([alan, grace, ada])
    expect((await list(`?jobId=${jobB!.id}`)).map((a) => a.id)).toEqual([grace])
    expect((await list('?status=interview')).map((a) => a.id)).toEqual([alan])
    expect((await list('?q=LONDON')).map((a) => a.id)).toEqual([ada])
    expect((await list('?q=navy.example')).map((a) => a.id)).toEqual([grace])
    expect((await list(`?q=${encodeURIComponent(jobB!.title.slice(0, 8))}`)).map((a) => a.id)).toContain(grace)
    expect((await list(`?jobId=${jobA!.id}&status=new&q=ada`)).map((a) => a.id)).toEqual([ada])
    expect((await list('?q=%25')).map((a) => a.id)).toEqual([])

    for (const [query, error] of [
      ['?status=hired-ish', PIPELINE_MESSAGES.badStatus],
      ['?jobId=-1', PIPELINE_MESSAGES.badJobId],
      [`?q=${'x'.repeat(101)}`, PIPELINE_MESSAGES.searchTooLong],
    ]) {
      const res = await admin.request('GET', `/api/admin/applications${query}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
  })

  test('the same email for the same job within 30 days is flagged on both, not dropped', async () => {
    const first = await apply({ email: 'Ada@Example.com' })
    now += 29 * DAY
    const again = await apply({ email: 'ada@example.com' })
    const otherJob = await apply({ jobId: jobB!.id })
    now += 2 * DAY
    const later = await apply({ email: 'ada@example.com' })
    // A month on, the session has ended: sign in again.
    await admin.login()
    const flags = Object.fromEntries((await list()).map((a) => [a.id, a.duplicate]))
    // `later` is 31 days after `first` but 2 after `again`: a duplicate of that one.
    expect(flags).toEqual({ [first]: true, [again]: true, [otherJob]: false, [later]: true })
    expect((await detail(first)).duplicates.map((d) => d.id)).toEqual([again])
    expect((await detail(again)).duplicates.map((d) => d.id)).toEqual([first, later])
    expect((await detail(otherJob)).duplicates).toEqual([])
  })
})

describe('one application', () => {
  test('opens with every field, its file, its history and no internals; 404 when there is none', async () => {
    const id = await apply({ phone: '+44 20', githubUrl: 'https://github.com/ada' }, tinyPdf())
    const application = await detail(id)
    expect(application).toMatchObject({
      id,
      reference: `APP-${String(id).padStart(6, '0')}`,
      jobId: jobA!.id,
      jobTitle: jobA!.title,
      fullName: 'Ada Lovelace',
      phone: '+44 20',
      githubUrl: 'https://github.com/ada',
      status: 'new',
      resume: { fileName: 'cv.pdf', format: 'pdf', size: tinyPdf().byteLength },
      notes: [],
      deliveries: [],
      duplicate: false,
    })
    expect(application).not.toHaveProperty('idempotencyKey')
    const missing = await admin.request('GET', `/api/admin/applications/${id + 1}`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: PIPELINE_MESSAGES.notFound })
  })

  test('moves through the pipeline with dated history and notes', async () => {
    const id = await apply({})
    now += 60_000
    let res = await admin.request('PATCH', `/api/admin/applications/${id}`, {
      status: 'interview',
      note: 'Strong.\nCall Tue.',
    })
    expect(res.status).toBe(200)
    const updated = (await res.json()) as ApplicationDetail
    expect(updated.status).toBe('interview')
    expect(updated.notes.map(({ kind, body, createdAt }) => ({ kind, body, createdAt }))).toEqual([
      { kind: 'status', body: 'Status: New → Interview', createdAt: new Date(now).toISOString() },
      { kind: 'note', body: 'Strong.\nCall Tue.', createdAt: new Date(now).toISOString() },
    ])
    // The same status again changes nothing and records nothing.
    res = await admin.request('PATCH', `/api/admin/applications/${id}`, { status: 'interview' })
    expect(((await res.json()) as ApplicationDetail).notes).toHaveLength(2)
    const audit = await t.db.select().from(auditLog)
    expect(audit.map((event) => [event.type, event.subject])).toContainEqual([
      'application.status_changed',
      `APP-${String(id).padStart(6, '0')}: New → Interview`,
    ])
    // The audit log never holds the applicant's name.
    expect(JSON.stringify(audit)).not.toContain('Ada')
  })

  test('its timeline holds its arrival, then each status change and note with who made it and when', async () => {
    const id = await apply({})
    const arrived = new Date(now).toISOString()
    const recruiter = await joinStaff(t, admin, 'recruiter', { name: 'Rae Recruiter' })
    now += 60_000
    expect((await recruiter.request('PATCH', `/api/admin/applications/${id}`, { status: 'reviewing' })).status).toBe(
      200,
    )
    now += 60_000
    await admin.request('PATCH', `/api/admin/applications/${id}`, { note: 'Portfolio is great.' })
    const { timeline } = (await (
      await admin.request('GET', `/api/admin/applications/${id}`)
    ).json()) as ApplicationDetail
    const owner = (await detail(id)).notes.at(-1)!.author
    expect(timeline.filter((entry) => entry.kind !== 'email')).toEqual([
      { kind: 'applied', at: arrived, by: 'Ada Lovelace', text: 'Applied' },
      {
        kind: 'status',
        at: new Date(now - 60_000).toISOString(),
        by: 'Rae Recruiter',
        text: 'Status: New → Reviewing',
      },
      { kind: 'note', at: new Date(now).toISOString(), by: owner, text: 'Portfolio is great.' },
    ])
    expect(owner).not.toBe('Rae Recruiter')
  })

  test('is given to its applicant on request (a zip of its data and their résumé), then erased; both audited', async () => {
    const id = await apply({ phone: '+44 20' }, tinyPdf())
    await admin.request('PATCH', `/api/admin/applications/${id}`, {
      status: 'reviewing',
      note: 'Asked for their data.',
    })
    const res = await admin.request('GET', `/api/admin/applications/${id}/export`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toContain(`APP-${String(id).padStart(6, '0')}.zip`)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(Object.keys(files).sort()).toEqual(['application.json', 'resume/cv.pdf'])
    expect(files['resume/cv.pdf']).toEqual(tinyPdf())
    const data = JSON.parse(strFromU8(files['application.json']!)) as ApplicationDetail
    expect(data).toMatchObject({ id, fullName: 'Ada Lovelace', phone: '+44 20', status: 'reviewing' })
    expect(data.timeline.map((entry) => entry.text)).toEqual([
      'Applied',
      'Status: New → Reviewing',
      'Asked for their data.',
    ])

    expect((await admin.request('DELETE', `/api/admin/applications/${id}`)).status).toBe(200)
    expect((await admin.request('GET', `/api/admin/applications/${id}/export`)).status).toBe(404)
    expect(await t.db.select().from(applicationFiles)).toEqual([])
    const reference = `APP-${String(id).padStart(6, '0')}`
    const audit = (await t.db.select().from(auditLog)).map((event) => [event.type, event.subject])
    expect(audit).toContainEqual(['application.exported', reference])
    expect(audit).toContainEqual(['application.deleted', `${reference} (${jobA!.title})`])
    expect((await t.request(`/api/admin/applications/${id}/export`)).status).toBe(401)
  })

  test.each([
    [{}, PIPELINE_MESSAGES.emptyUpdate],
    [{ status: 'promoted' }, PIPELINE_MESSAGES.badStatus],
    [{ note: '   ' }, PIPELINE_MESSAGES.noteEmpty],
    [{ note: 'x'.repeat(NOTE_MAX_LENGTH + 1) }, PIPELINE_MESSAGES.noteTooLong],
    [{ note: 42 }, PIPELINE_MESSAGES.noteNotText],
    [{ note: 'bell\u0007' }, 'The note must not contain control characters'],
    [{ status: 'new', stage: 2 }, 'Unknown field: stage'],
  ])('an update is refused: %#, %s', async (body, error) => {
    const id = await apply({})
    const res = await admin.request('PATCH', `/api/admin/applications/${id}`, body)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
  })

  test('is deleted with its file and notes; the deletion is audited', async () => {
    const id = await apply({}, tinyPdf())
    await admin.request('PATCH', `/api/admin/applications/${id}`, { note: 'Keep?' })
    const kept = await apply({ fullName: 'Kept' }, tinyPdf())
    expect((await admin.request('DELETE', `/api/admin/applications/${id}`)).status).toBe(200)
    expect((await admin.request('DELETE', `/api/admin/applications/${id}`)).status).toBe(404)
    expect((await t.db.select().from(jobApplications)).map((row) => row.id)).toEqual([kept])
    expect((await t.db.select().from(applicationFiles)).map((row) => row.applicationId)).toEqual([kept])
    expect(await t.db.select().from(applicationNotes)).toEqual([])
    const types = (await t.db.select().from(auditLog)).map((event) => event.type)
    expect(types).toContain('application.deleted')
  })
})

import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { adminClient } from '../../../../tests/support/admin-client'
import { jobInput } from '../../../../tests/support/jobs'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs as seedJobs } from '../../../content/jobs'
import type { AuditEvent } from '../../../shared/admin-security'
import { JOB_MESSAGES } from '../../../shared/job-rules'
import type { AdminJob } from '../../../shared/jobs'
import { jobs } from '../../db/schema'

let now: number
let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeEach(async () => {
  now = Date.UTC(2030, 4, 20, 15)
  t = await createTestApp({ now: () => now })
  admin = adminClient(t)
  await admin.login()
})
afterEach(() => t.close())

async function expectError(res: Response, status: number, error: string | RegExp) {
  expect(res.status).toBe(status)
  const body = (await res.json()) as { error: string }
  if (typeof error === 'string') expect(body.error).toBe(error)
  else expect(body.error).toMatch(error)
}

const apply = (jobId: number) =>
  t.request('/api/job-applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify({ jobId, fullName: 'Ada', email: 'ada@example.com', coverLetter: 'Hi.', resumeText: 'CV.' }),
  })

describe('without a session', () => {
  test.each([
    ['GET', '/api/admin/jobs'],
    ['GET', '/api/admin/jobs/1'],
    ['POST', '/api/admin/jobs'],
    ['PUT', '/api/admin/jobs/1'],
    ['DELETE', '/api/admin/jobs/1'],
  ])('%s %s answers 401 before looking at the body or the id', async (method, path) => {
    const stranger = adminClient(t)
    // An invalid body and an unknown job: still 401, so a stranger learns nothing about either.
    const res = await stranger.request(method, path.replace('/1', '/999'), method === 'GET' ? undefined : { junk: 1 })
    await expectError(res, 401, 'Authentication required')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})

describe('the list', () => {
  test('holds every bundled job, drafts and closed ones too, with status and application count', async () => {
    await apply(1)
    await apply(1)
    const list = await admin.json<AdminJob[]>('GET', '/api/admin/jobs')
    expect(list.map((job) => job.id).sort()).toEqual(seedJobs.map((job) => job.id).sort())
    expect(list.find((job) => job.id === 1)).toMatchObject({ applicationCount: 2, status: 'active', open: true })
    const closed = seedJobs.find((job) => job.status === 'closed')!
    expect(list.find((job) => job.id === closed.id)).toMatchObject({
      status: 'closed',
      open: false,
      applicationCount: 0,
    })
  })
})

describe('create', () => {
  test('answers 201 with the job, its slug from the title, its location and salary in words', async () => {
    const res = await admin.request('POST', '/api/admin/jobs', jobInput({ salaryMin: 90000, salaryMax: 110000 }))
    expect(res.status).toBe(201)
    const job = (await res.json()) as AdminJob
    expect(job).toMatchObject({
      slug: 'level-designer',
      location: 'Austin, TX, United States',
      salaryRange: '$90,000 – $110,000',
      salaryCurrency: 'USD',
      salaryUnit: 'YEAR',
      status: 'active',
      open: true,
      postedAt: new Date(now).toISOString(),
      validThrough: null,
      applicationCount: 0,
    })
    const [audit] = await admin.json<AuditEvent[]>('GET', '/api/admin/audit?type=job')
    expect(audit).toMatchObject({ type: 'job.published', subject: 'Level Designer' })
  })

  test('a remote job names its countries and time zones; a date alone closes at the end of that day (UTC)', async () => {
    const res = await admin.request(
      'POST',
      '/api/admin/jobs',
      jobInput({ remote: true, city: '', country: '', remoteCountries: ['us', 'CA'], validThrough: '2030-06-30' }),
    )
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      remoteCountries: ['US', 'CA'],
      location: 'Remote (United States, Canada)',
      validThrough: '2030-06-30T23:59:59.999Z',
    })
  })

  test.each([
    [{ title: '  ' }, JOB_MESSAGES.titleRequired],
    [{ department: undefined }, JOB_MESSAGES.departmentRequired],
    [{ description: '' }, JOB_MESSAGES.descriptionRequired],
    [{ responsibilities: [] }, JOB_MESSAGES.listRequired('Key responsibilities')],
    [{ benefits: ['Cover', ' '] }, JOB_MESSAGES.listItemEmpty('What we offer', 2)],
    [{ city: '' }, JOB_MESSAGES.cityRequired],
    [{ country: '' }, JOB_MESSAGES.countryRequired],
    [{ country: 'XX' }, JOB_MESSAGES.unknownCountry('XX')],
    [{ remote: true, remoteCountries: [] }, JOB_MESSAGES.remoteCountriesRequired],
    [{ remote: true, remoteCountries: ['US', 'us'] }, JOB_MESSAGES.duplicateCountry('US')],
    [{ salaryMax: 10 }, JOB_MESSAGES.salaryMinRequired],
    [{ salaryMin: 20, salaryMax: 10 }, JOB_MESSAGES.salaryOrder],
    [{ salaryMin: 20, salaryCurrency: 'ABC' }, JOB_MESSAGES.unknownCurrency('ABC')],
    [{ salaryMin: -5 }, /^Salary from must be a number above 0/],
    [{ validThrough: '2030-02-31' }, JOB_MESSAGES.validThroughRule],
    [{ validThrough: 'soon' }, JOB_MESSAGES.validThroughRule],
    [{ validThrough: '2030-05-19' }, JOB_MESSAGES.validThroughPassed],
    [{ type: 'Gig' }, 'Type must be Full-time, Part-time, Contract, Temporary or Internship'],
    [{ status: 'open' }, 'Status must be draft, active or closed'],
    [{ title: 'x'.repeat(121) }, 'Title is too long (at most 120 characters)'],
    [{ title: 'a\u0000b' }, 'Title must not contain control characters'],
    [{ requirements: ['ok', 'a\u0007b'] }, 'Requirements must not contain control characters'],
    [{ salary: '100k' }, 'Unknown field: salary'],
  ])('%o is refused: %s', async (over, error) => {
    await expectError(await admin.request('POST', '/api/admin/jobs', jobInput(over)), 400, error)
  })

  test('a past closing date is fine on a draft or a closed job', async () => {
    for (const status of ['draft', 'closed']) {
      const res = await admin.request(
        'POST',
        '/api/admin/jobs',
        jobInput({ status, slug: status, validThrough: '2030-01-01' }),
      )
      expect(res.status).toBe(201)
    }
  })

  test('a taken slug is 409; a body that is not JSON is 400', async () => {
    await expectError(
      await admin.request('POST', '/api/admin/jobs', jobInput({ slug: seedJobs[0]!.slug })),
      409,
      JOB_MESSAGES.duplicateSlug(seedJobs[0]!.slug),
    )
    expect((await admin.request('POST', '/api/admin/jobs', '{"title":')).status).toBe(400)
  })
})

describe('update', () => {
  test('saves every field; closing and reopening keep the posting date and are audited', async () => {
    const created = await admin.json<AdminJob>('POST', '/api/admin/jobs', jobInput())
    now += 60_000
    const closed = await admin.json<AdminJob>(
      'PUT',
      `/api/admin/jobs/${created.id}`,
      jobInput({ status: 'closed', title: 'Senior Level Designer' }),
    )
    expect(closed).toMatchObject({
      status: 'closed',
      open: false,
      title: 'Senior Level Designer',
      slug: 'senior-level-designer',
    })
    expect(closed.postedAt).toBe(created.postedAt)
    const reopened = await admin.json<AdminJob>('PUT', `/api/admin/jobs/${created.id}`, jobInput({ status: 'active' }))
    expect(reopened).toMatchObject({ status: 'active', open: true })
    const audit = await admin.json<AuditEvent[]>('GET', '/api/admin/audit?type=job')
    expect(audit.map((event) => event.type)).toEqual([
      'job.reopened',
      'job.updated',
      'job.closed',
      'job.updated',
      'job.published',
      'job.created',
    ])
  })

  test('a draft gets its posting date when it is first made active', async () => {
    const draft = await admin.json<AdminJob>('POST', '/api/admin/jobs', jobInput({ status: 'draft' }))
    expect(draft.postedAt).toBeNull()
    now += 60 * 60_000
    const active = await admin.json<AdminJob>('PUT', `/api/admin/jobs/${draft.id}`, jobInput())
    expect(active.postedAt).toBe(new Date(now).toISOString())
  })

  test('an unknown job is 404, a bad id 400, an invalid body 400', async () => {
    await expectError(await admin.request('PUT', '/api/admin/jobs/999', jobInput()), 404, JOB_MESSAGES.notFound)
    await expectError(await admin.request('GET', '/api/admin/jobs/999'), 404, JOB_MESSAGES.notFound)
    expect((await admin.request('PUT', '/api/admin/jobs/abc', jobInput())).status).toBe(400)
    await expectError(
      await admin.request('PUT', '/api/admin/jobs/1', jobInput({ title: '' })),
      400,
      JOB_MESSAGES.titleRequired,
    )
  })
})

describe('delete', () => {
  test('is refused with a clear message while the job has applications, and works once they are gone', async () => {
    expect((await apply(1)).status).toBe(201)
    await expectError(await admin.request('DELETE', '/api/admin/jobs/1'), 409, JOB_MESSAGES.hasApplications(1))
    expect((await t.db.select().from(jobs).where(eq(jobs.id, 1))).length).toBe(1)
    const fresh = await admin.json<AdminJob>('POST', '/api/admin/jobs', jobInput())
    expect(await admin.json('DELETE', `/api/admin/jobs/${fresh.id}`)).toEqual({ ok: true })
    await expectError(await admin.request('DELETE', `/api/admin/jobs/${fresh.id}`), 404, JOB_MESSAGES.notFound)
    const [audit] = await admin.json<AuditEvent[]>('GET', '/api/admin/audit?type=job')
    expect(audit).toMatchObject({ type: 'job.deleted', subject: 'Level Designer' })
  })
})

describe('applications follow the jobs in the database', () => {
  test('a new job takes applications at once; a closed, draft or expired one refuses them', async () => {
    const job = await admin.json<AdminJob>('POST', '/api/admin/jobs', jobInput({ validThrough: '2030-05-21' }))
    expect((await apply(job.id)).status).toBe(201)
    now = Date.UTC(2030, 4, 22)
    expect((await apply(job.id)).status).toBe(400)
    now = Date.UTC(2030, 4, 20, 15)
    for (const status of ['closed', 'draft']) {
      await admin.request('PUT', `/api/admin/jobs/${job.id}`, jobInput({ status }))
      await expectError(await apply(job.id), 400, 'This position is not open for applications')
    }
  })
})

import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../tests/support/admin-client'
import { jobInput, openSeedJobs } from '../../../tests/support/jobs'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { APPLICATION_MESSAGES, FORM_JOB_FIELD } from '../../shared/application-rules'
import { jobInputOf } from '../../shared/job-schema'
import type { AdminJob, Job } from '../../shared/jobs'
import { jobApplications, jobSlugRedirects } from '../db/schema'

let now: number
let t: TestApp
let admin: ReturnType<typeof adminClient>
beforeEach(async () => {
  now = Date.UTC(2030, 4, 20, 9)
  // Pages and reads are cached (the app's default): every answer below comes through the caches.
  t = await createTestApp({ now: () => now })
  admin = adminClient(t)
  await admin.login()
})
afterEach(() => t.close())

const cardTitles = async (path = '/jobs') =>
  [...(await (await t.request(path)).text()).matchAll(/<h3 class="job-card__title">(.*?)<\/h3>/g)].map((m) => m[1])
const sitemapJobs = async () =>
  [...(await (await t.request('/sitemap.xml')).text()).matchAll(/<loc>http:\/\/localhost\/jobs\/([^<]+)<\/loc>/g)].map(
    (m) => m[1],
  )
const create = (over: Record<string, unknown> = {}) => admin.json<AdminJob>('POST', '/api/admin/jobs', jobInput(over))

describe('the careers pages read the jobs in the database', () => {
  test('a new job is listed first at once; an edit shows on the next request, on every page and read', async () => {
    expect(await cardTitles()).toEqual(openSeedJobs().map((job) => Bun.escapeHTML(job.title)))
    const job = await create()
    expect((await cardTitles())[0]).toBe('Level Designer')
    expect(await cardTitles('/jobs?department=Design')).toEqual(['Level Designer'])
    expect(await (await t.request(`/jobs/${job.slug}`)).text()).toContain('Austin, TX, United States')

    await admin.request(
      'PUT',
      `/api/admin/jobs/${job.id}`,
      jobInput({ title: 'Lead Level Designer', slug: job.slug, city: 'Denver', region: 'CO' }),
    )
    expect((await cardTitles())[0]).toBe('Lead Level Designer')
    const page = await (await t.request(`/jobs/${job.slug}`)).text()
    expect(page).toContain('<h1 class="job__title">Lead Level Designer</h1>')
    expect(page).toContain('Denver, CO, United States')
    const read = (await (await t.request(`/api/jobs/${job.slug}`)).json()) as Job
    expect(read.title).toBe('Lead Level Designer')
    expect(((await (await t.request('/api/jobs')).json()) as Job[])[0]!.title).toBe('Lead Level Designer')
  })

  test('closing a job takes it off the list and the sitemap; its page answers 410 saying so; reopening brings it back', async () => {
    const [first] = openSeedJobs()
    expect(await sitemapJobs()).toContain(first!.slug)
    expect((await t.request(`/jobs/${first!.slug}`)).status).toBe(200)
    const list = await admin.json<AdminJob[]>('GET', '/api/admin/jobs')
    const job = list.find((candidate) => candidate.id === first!.id)!
    await admin.request('PUT', `/api/admin/jobs/${job.id}`, { ...jobInputOf(job), status: 'closed' })

    expect(await cardTitles()).not.toContain(Bun.escapeHTML(first!.title))
    expect(await sitemapJobs()).not.toContain(first!.slug)
    const closed = await t.request(`/jobs/${first!.slug}`)
    expect(closed.status).toBe(410)
    expect(await closed.text()).toContain('This role is closed')
    expect(await (await t.request(`/api/jobs/${first!.slug}`)).json()).toMatchObject({ open: false })

    await admin.request('PUT', `/api/admin/jobs/${job.id}`, { ...jobInputOf(job), status: 'active' })
    expect((await t.request(`/jobs/${first!.slug}`)).status).toBe(200)
    expect(await sitemapJobs()).toContain(first!.slug)
  })

  test.each(['draft', 'closed'])(
    'a job saved as %s and never posted is nowhere in public: 404 page and read, not listed, not in the sitemap',
    async (status) => {
      const unposted = await create({ status })
      const res = await t.request(`/jobs/${unposted.slug}`)
      expect(res.status).toBe(404)
      const page = await res.text()
      expect(page).toContain('Job Not Found')
      expect(page).not.toContain('Level Designer')
      expect((await t.request(`/api/jobs/${unposted.slug}`)).status).toBe(404)
      expect(await cardTitles()).not.toContain('Level Designer')
      expect(await sitemapJobs()).not.toContain(unposted.slug)
    },
  )

  test('a posted job taken back to draft leaves public at once', async () => {
    const job = await create()
    expect((await t.request(`/jobs/${job.slug}`)).status).toBe(200)
    await admin.request('PUT', `/api/admin/jobs/${job.id}`, jobInput({ status: 'draft' }))
    expect((await t.request(`/jobs/${job.slug}`)).status).toBe(404)
    expect((await t.request(`/api/jobs/${job.slug}`)).status).toBe(404)
    expect(await cardTitles()).not.toContain('Level Designer')
  })

  test('a posted job whose slug changes keeps its old addresses, each answering 301 to the new one', async () => {
    const job = await create({ slug: 'level-designer' })
    const edit = (slug: string, over: Record<string, unknown> = {}) =>
      admin.request('PUT', `/api/admin/jobs/${job.id}`, jobInput({ slug, ...over }))
    await edit('senior-level-designer')
    await edit('lead-level-designer')
    for (const old of ['level-designer', 'senior-level-designer']) {
      const page = await t.request(`/jobs/${old}?applied=1`)
      expect([page.status, page.headers.get('location'), page.headers.get('cache-control')]).toEqual([
        301,
        '/jobs/lead-level-designer?applied=1',
        'no-store',
      ])
      const read = await t.request(`/api/jobs/${old}`)
      expect([read.status, read.headers.get('location'), read.headers.get('cache-control')]).toEqual([
        301,
        '/api/jobs/lead-level-designer',
        'no-store',
      ])
    }
    expect((await t.request('/jobs/lead-level-designer')).status).toBe(200)
    expect(await sitemapJobs()).toContain('lead-level-designer')
    expect(await sitemapJobs()).not.toContain('level-designer')

    // Closed, its old addresses still lead to the page saying so.
    await edit('lead-level-designer', { status: 'closed' })
    expect((await t.request('/jobs/level-designer')).headers.get('location')).toBe('/jobs/lead-level-designer')
    expect((await t.request('/jobs/lead-level-designer')).status).toBe(410)

    // Another job taking an old slug takes the address over.
    const other = await create({ slug: 'level-designer', title: 'Level Designer II' })
    const taken = await t.request('/jobs/level-designer')
    expect(taken.status).toBe(200)
    expect(await taken.text()).toContain('Level Designer II')
    expect((await t.request('/jobs/senior-level-designer')).status).toBe(301)
    // A draft takes it only once it is posted: until then the old address still leads to the job.
    const draft = await create({ slug: 'senior-level-designer', title: 'Senior Level Designer', status: 'draft' })
    expect((await t.request('/jobs/senior-level-designer')).headers.get('location')).toBe('/jobs/lead-level-designer')
    await admin.request(
      'PUT',
      `/api/admin/jobs/${draft.id}`,
      jobInput({ slug: 'senior-level-designer', title: 'Senior Level Designer' }),
    )
    const posted = await t.request('/jobs/senior-level-designer')
    expect(posted.status).toBe(200)
    expect(await posted.text()).toContain('<h1 class="job__title">Senior Level Designer</h1>')

    // A deleted job's old addresses go with it.
    expect((await t.request('/jobs/lead-level-designer')).status).toBe(410)
    await edit('lead-level-designer-2')
    expect((await t.request('/jobs/lead-level-designer')).status).toBe(301)
    expect((await admin.request('DELETE', `/api/admin/jobs/${job.id}`)).status).toBe(200)
    expect((await t.request('/jobs/lead-level-designer')).status).toBe(404)
    expect((await t.request(`/jobs/${other.slug}`)).status).toBe(200)
    expect(await t.db.select().from(jobSlugRedirects)).toEqual([])
  })

  test('a posted job renamed while it was a draft keeps its old address once posted again', async () => {
    const job = await create({ slug: 'sound-designer' })
    await admin.request('PUT', `/api/admin/jobs/${job.id}`, jobInput({ slug: 'sound-designer', status: 'draft' }))
    await admin.request('PUT', `/api/admin/jobs/${job.id}`, jobInput({ slug: 'audio-designer', status: 'draft' }))
    expect((await t.request('/jobs/sound-designer')).status).toBe(404)
    await admin.request('PUT', `/api/admin/jobs/${job.id}`, jobInput({ slug: 'audio-designer' }))
    expect((await t.request('/jobs/sound-designer')).headers.get('location')).toBe('/jobs/audio-designer')
  })

  test('a form posted without JavaScript to an old address is answered there, with what was typed', async () => {
    const job = await create({ slug: 'old-address' })
    await admin.request('PUT', `/api/admin/jobs/${job.id}`, jobInput({ slug: 'new-address' }))
    const body = new FormData()
    body.append('jobId', String(job.id))
    body.append('fullName', 'Ada Lovelace')
    body.append('email', 'not an address')
    const res = await t.request('/jobs/old-address', { method: 'POST', headers: { origin: 'http://localhost' }, body })
    expect(res.status).toBe(400)
    const page = await res.text()
    expect(page).toContain('Ada Lovelace')
    expect(page).toContain('not an address')
  })

  test('a form shown for one job and posted to its old address, which another job took since, is never filed under that one', async () => {
    const first = await create({ slug: 'shared-address' })
    await admin.request('PUT', `/api/admin/jobs/${first.id}`, jobInput({ slug: 'first-moved' }))
    await create({ slug: 'shared-address', title: 'Another Role' })
    const post = () => {
      const body = new FormData()
      for (const [name, value] of Object.entries({
        [FORM_JOB_FIELD]: String(first.id),
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        coverLetter: 'Engines.',
        resumeText: 'Notes.',
      }))
        body.append(name, value)
      return t.request('/jobs/shared-address', { method: 'POST', headers: { origin: 'http://localhost' }, body })
    }
    // Still open: the browser is sent to post it again on that job's page.
    const moved = await post()
    expect([moved.status, moved.headers.get('location')]).toEqual([307, '/jobs/first-moved'])
    // Closed since: refused, and what was typed is not put into the other job's form.
    await admin.request('PUT', `/api/admin/jobs/${first.id}`, jobInput({ slug: 'first-moved', status: 'closed' }))
    const refused = await post()
    expect(refused.status).toBe(409)
    const page = await refused.text()
    expect(page).toContain(Bun.escapeHTML(APPLICATION_MESSAGES.jobChanged))
    expect(page).not.toContain('Ada Lovelace')
    expect(await t.db.select().from(jobApplications)).toEqual([])
  })

  test('a draft renamed before it is posted leaves no address behind', async () => {
    const draft = await create({ status: 'draft', slug: 'first-name' })
    await admin.request('PUT', `/api/admin/jobs/${draft.id}`, jobInput({ slug: 'second-name' }))
    expect((await t.request('/jobs/second-name')).status).toBe(200)
    expect((await t.request('/jobs/first-name')).status).toBe(404)
  })

  test('a job closes by itself at its closing date: every cached page and read turns over at once, with no write', async () => {
    const job = await create({ validThrough: '2030-05-20T09:00:00.500Z' })
    expect((await t.request(`/jobs/${job.slug}`)).status).toBe(200)
    expect((await cardTitles())[0]).toBe('Level Designer')
    expect(await sitemapJobs()).toContain(job.slug)

    // Within the second in which the content version is not read again: the closing date itself turns it over.
    now = Date.UTC(2030, 4, 20, 9, 0, 0, 501)
    expect((await t.request(`/jobs/${job.slug}`)).status).toBe(410)
    expect(await cardTitles()).not.toContain('Level Designer')
    expect(await sitemapJobs()).not.toContain(job.slug)
    expect(((await (await t.request('/api/jobs')).json()) as Job[]).map((j) => j.slug)).not.toContain(job.slug)
  })

  test('the sitemap lists exactly the open jobs', async () => {
    await create({ status: 'draft', slug: 'draft-job' })
    await create({ status: 'closed', slug: 'closed-job' })
    await create({ slug: 'open-job' })
    expect((await sitemapJobs()).sort()).toEqual([...openSeedJobs().map((job) => job.slug), 'open-job'].sort())
  })
})

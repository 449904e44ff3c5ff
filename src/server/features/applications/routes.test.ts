import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import { applicationReference } from '../../../shared/application-reference'
import {
  APPLICATION_FIELDS,
  APPLICATION_MESSAGES,
  APPLICATION_RATE_LIMIT,
  type ApplicationField,
} from '../../../shared/application-rules'
import { jobApplications } from '../../db/schema'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const openJob = jobs.find((job) => job.status === 'active')!
const closedJob = jobs.find((job) => job.status !== 'active')!
const valid = () => ({
  jobId: openJob.id,
  jobTitle: openJob.title,
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '',
  location: '',
  portfolioUrl: 'https://ada.example.com',
  linkedinUrl: '',
  githubUrl: '',
  coverLetter: 'I would love to build engines with you.',
  resumeText: 'Analytical engines, notes on Bernoulli numbers.',
  experience: '',
  availability: '',
})

function post(body: unknown, headers: Record<string, string> = {}) {
  return t.request('/api/job-applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function expectError(res: Response, status: number, message: string | RegExp) {
  expect(res.status).toBe(status)
  const body = (await res.json()) as { error: string }
  if (typeof message === 'string') expect(body.error).toBe(message)
  else expect(body.error).toMatch(message)
}

describe('POST /api/job-applications', () => {
  test('a valid application is stored, trimmed, before 201 { id } is answered', async () => {
    const res = await post({ ...valid(), fullName: '  Ada Lovelace  ', jobTitle: 'Anything the client says' })
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: number }
    const [row] = await t.db.select().from(jobApplications).where(eq(jobApplications.id, id))
    expect(row).toMatchObject({
      jobId: openJob.id,
      jobTitle: openJob.title,
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '',
    })
    expect(row!.createdAt).toBeInstanceOf(Date)
  })

  test('optional fields may be left out entirely; they are stored as empty strings', async () => {
    const { jobId, fullName, email, coverLetter, resumeText } = valid()
    const res = await post({ jobId, fullName, email, coverLetter, resumeText })
    expect(res.status).toBe(201)
    const [row] = await t.db.select().from(jobApplications)
    expect(row!.location).toBe('')
    expect(row!.availability).toBe('')
  })

  const required = (Object.keys(APPLICATION_FIELDS) as ApplicationField[]).filter((f) => APPLICATION_FIELDS[f].required)
  test.each(required)('missing %s answers 400 naming it', async (field) => {
    await expectError(await post({ ...valid(), [field]: '   ' }), 400, `${APPLICATION_FIELDS[field].label} is required`)
  })

  test.each(Object.keys(APPLICATION_FIELDS) as ApplicationField[])(
    '%s one character over its limit answers 400',
    async (field) => {
      const max = APPLICATION_FIELDS[field].max
      const value =
        field === 'email'
          ? `${'a'.repeat(max - 11)}@example.com`
          : field.endsWith('Url')
            ? `https://${'a'.repeat(max - 7)}`
            : 'a'.repeat(max + 1)
      expect(value.length).toBe(max + 1)
      await expectError(
        await post({ ...valid(), [field]: value }),
        400,
        `${APPLICATION_FIELDS[field].label} is too long (at most ${max} characters)`,
      )
    },
  )

  test('a bad email answers 400', async () => {
    await expectError(await post({ ...valid(), email: 'ada.example.com' }), 400, 'Email must be a valid email address')
  })

  test.each(['javascript:alert(1)', 'ftp://files.example.com', 'not a url'])('a %s link answers 400', async (url) => {
    await expectError(await post({ ...valid(), githubUrl: url }), 400, 'GitHub URL must start with http:// or https://')
  })

  test('an unknown or closed job answers 400', async () => {
    await expectError(await post({ ...valid(), jobId: 9999 }), 400, 'This position is not open for applications')
    await expectError(
      await post({ ...valid(), jobId: closedJob.id }),
      400,
      'This position is not open for applications',
    )
    await expectError(await post({ ...valid(), jobId: 'one' }), 400, 'Job is required')
  })

  test('a body that is not JSON answers 415 or 400', async () => {
    await expectError(await post('fullName=Ada', { 'content-type': 'application/x-www-form-urlencoded' }), 415, /JSON/)
    await expectError(await post('{"fullName": ', {}), 400, 'The request body is not valid JSON')
    await expectError(await post('[1,2]', {}), 400, 'The request body must be a JSON object')
  })

  test('a body over 64 KB answers 413', async () => {
    await expectError(
      await post({ ...valid(), coverLetter: 'x'.repeat(70 * 1024) }),
      413,
      'The request body is too large',
    )
  })

  test('the honeypot silently discards the post', async () => {
    const res = await post({ ...valid(), website: 'http://spam.example' })
    expect(res.status).toBe(201)
    expect(await t.db.select().from(jobApplications)).toEqual([])
  })

  test(`more than ${APPLICATION_RATE_LIMIT.max} applications in the window answer 429 with Retry-After`, async () => {
    for (let i = 0; i < APPLICATION_RATE_LIMIT.max; i++) expect((await post(valid())).status).toBe(201)
    const res = await post(valid())
    await expectError(res, 429, /Too many applications/)
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(APPLICATION_RATE_LIMIT.windowMs / 1000)
    expect((await t.db.select().from(jobApplications)).length).toBe(APPLICATION_RATE_LIMIT.max)
  })

  test('a write from another site, or from nowhere a browser would say, is refused', async () => {
    await expectError(
      await post(valid(), { origin: 'https://evil.example' }),
      403,
      'Cross-site requests are not allowed',
    )
    await expectError(
      await t.request('/api/job-applications', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(valid()),
      }),
      403,
      'Cross-site requests are not allowed',
    )
    expect((await post(valid(), { origin: '', 'sec-fetch-site': 'same-origin' })).status).toBe(201)
  })
})

describe('the form without JavaScript', () => {
  const form = (fields: Record<string, string>) =>
    t.request(`/jobs/${openJob.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })

  test('a complete form is stored once: 303 to the job page, which says so at the form, and a refresh sends nothing', async () => {
    // The plain job page is in the page cache already: the confirmation is not that page.
    expect(await (await t.request(`/jobs/${openJob.slug}`)).text()).not.toContain('Application Submitted!')
    const res = await form({
      fullName: 'Bob',
      email: 'bob@example.com',
      coverLetter: 'Hello',
      resumeText: 'CV',
      website: '',
    })
    expect(res.status).toBe(303)
    const location = res.headers.get('location')!
    const [stored] = await t.db.select().from(jobApplications)
    // The reference is in the address, so the page after the redirect can show it.
    expect(location).toBe(`/jobs/${openJob.slug}?applied=${applicationReference(stored!.id)}#apply`)
    // What the browser shows after the redirect (and after any refresh): a GET, which stores nothing.
    const page = await t.request(location.split('#')[0]!)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Application Submitted!')
    expect(html).toContain(`Your reference: <strong>${applicationReference(stored!.id)}</strong>`)
    expect(html).not.toContain('<form class="application-form"')
    expect(html).toContain('id="apply"')
    expect(await (await t.request(`${location.split('#')[0]}&utm_source=mail`)).text()).toContain(
      'Application Submitted!',
    )
    expect((await t.db.select().from(jobApplications)).length).toBe(1)
  })

  test('a failing form keeps what was typed and says why', async () => {
    const res = await form({
      fullName: 'Bob Builder',
      email: 'not-an-email',
      coverLetter: 'Hello there',
      resumeText: '',
    })
    expect(res.status).toBe(400)
    const html = await res.text()
    // Each problem listed above the form (which is posted to #apply-problems) and said beside its field.
    const summary = html.slice(
      html.indexOf('id="apply-problems"'),
      html.indexOf('</ul>', html.indexOf('id="apply-problems"')),
    )
    expect([...summary.matchAll(/<a href="#([^"]+)">([^<]+)<\/a>/g)].map((link) => [link[1], link[2]])).toEqual([
      ['apply-email', 'Email must be a valid email address'],
      ['apply-resumeText', APPLICATION_MESSAGES.resumeRequired],
    ])
    expect(html).toContain(`action="/jobs/${openJob.slug}#apply-problems"`)
    expect(html).toContain('Error: </span>Email must be a valid email address</p>')
    expect(html).toContain('aria-describedby="apply-email-error apply-email-count"')
    expect(html).toContain('value="Bob Builder"')
    expect(html).toContain('Hello there</textarea>')
    expect(await t.db.select().from(jobApplications)).toEqual([])
  })

  test('a body no form sends answers the page with 415, one that cannot be read with 400, never 500', async () => {
    const send = (type: string | undefined, body: string) =>
      t.request(`/jobs/${openJob.slug}`, { method: 'POST', headers: type ? { 'content-type': type } : {}, body })
    for (const [type, body] of [
      ['application/json', JSON.stringify(valid())],
      ['text/plain', 'fullName=Bob'],
      [undefined, 'fullName=Bob'],
    ] as const) {
      const res = await send(type, body)
      expect(res.status).toBe(415)
      expect(res.headers.get('content-type')).toContain('text/html')
      const html = await res.text()
      expect(html).toContain(`Submission Failed: ${APPLICATION_MESSAGES.notAForm}`)
      // Where the form's #apply-problems lands the page without JavaScript.
      expect(html).toMatch(/<p id="apply-problems" tabindex="-1" class="form-outcome form-outcome--error"/)
    }
    const broken = await send('multipart/form-data; boundary=x', 'not multipart at all')
    expect(broken.status).toBe(400)
    expect(await broken.text()).toContain(`Submission Failed: ${APPLICATION_MESSAGES.unreadableForm}`)
    expect(await t.db.select().from(jobApplications)).toEqual([])
    expect(t.logs.filter((line) => line.level === 'error')).toEqual([])
  })
})

describe('idempotency', () => {
  test('the same Idempotency-Key twice (a double click, a resend) stores one application and answers its id', async () => {
    const send = (key: string) =>
      t.request('/api/job-applications', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost', 'idempotency-key': key },
        body: JSON.stringify(valid()),
      })
    const [first, second] = await Promise.all([send('key-of-one-application'), send('key-of-one-application')])
    const ids = [(await first.json()).id, (await second.json()).id]
    expect([first.status, second.status]).toEqual([201, 201])
    expect(ids[0]).toBe(ids[1])
    const third = await send('key-of-another-one')
    expect((await third.json()).id).not.toBe(ids[0])
    // The same key with other content is another application, not dropped.
    const other = await t.request('/api/job-applications', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost',
        'idempotency-key': 'key-of-one-application',
      },
      body: JSON.stringify({ ...valid(), fullName: 'Someone Else' }),
    })
    expect(other.status).toBe(201)
    expect((await other.json()).id).not.toBe(ids[0])
    expect((await t.db.select().from(jobApplications)).length).toBe(3)
    const bad = await send('no spaces allowed here')
    expect(bad.status).toBe(400)
  })
})

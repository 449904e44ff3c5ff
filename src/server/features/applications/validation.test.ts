import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import { APPLICATION_FIELDS, type ApplicationField } from '../../../shared/application-rules'
import { jobApplications } from '../../db/schema'

let t: TestApp
beforeAll(async () => {
  // Behind the trusted proxy each test posts from its own address, so the rate limit never interferes.
  t = await createTestApp({ trustProxy: true })
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.db.delete(jobApplications)
})

const openJob = jobs.find((job) => job.status === 'active')!
const valid = (): Record<string, unknown> => ({
  jobId: openJob.id,
  jobTitle: openJob.title,
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  coverLetter: 'I would love to build engines with you.',
  resumeText: 'Analytical engines, notes on Bernoulli numbers.',
})

let client = 0
const post = (body: Record<string, unknown>) =>
  t.request('/api/job-applications', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost',
      'x-forwarded-for': `198.51.100.${++client % 250}`,
    },
    body: JSON.stringify(body),
  })

async function expectRefused(res: Response, error: string | RegExp) {
  expect(res.status).toBe(400)
  const body = (await res.json()) as { error: string }
  if (typeof error === 'string') expect(body.error).toBe(error)
  else expect(body.error).toMatch(error)
  expect(await t.db.select().from(jobApplications)).toEqual([])
}

const fields = Object.keys(APPLICATION_FIELDS) as ApplicationField[]
/** A value each field accepts, so that a control character is the only thing wrong with it. */
const acceptable = (field: ApplicationField) =>
  field === 'email' ? 'ada@example.com' : field.endsWith('Url') ? 'https://ada.example.com/' : 'Ada'

describe('control characters', () => {
  test.each(fields)(
    'a NUL in %s is refused, 400 naming the field (a NUL cut the name short in the admin)',
    async (field) => {
      const value = acceptable(field)
      const label = APPLICATION_FIELDS[field].label
      await expectRefused(
        await post({ ...valid(), [field]: `${value.slice(0, 2)}\u0000${value.slice(2)}` }),
        new RegExp(`^${label} `),
      )
    },
  )

  test.each(['\u0007', '\u001b', '\u007f', '\u0085'])(
    '%j is refused in the name and in the cover letter',
    async (char) => {
      await expectRefused(
        await post({ ...valid(), fullName: `Ada${char}` }),
        'Full name must not contain control characters',
      )
      await expectRefused(
        await post({ ...valid(), coverLetter: `Hello${char}` }),
        'Cover letter must not contain control characters',
      )
    },
  )

  test('the job title a client sends is checked too (it is replaced by the real one when stored)', async () => {
    await expectRefused(
      await post({ ...valid(), jobTitle: 'Engineer\u0000' }),
      'Job title must not contain control characters',
    )
  })

  test('line breaks and tabs stay allowed in the text areas, not in one-line fields', async () => {
    const res = await post({ ...valid(), coverLetter: 'Dear team,\r\n\n\tHello.', resumeText: 'One\nTwo' })
    expect(res.status).toBe(201)
    const [row] = await t.db.select().from(jobApplications)
    expect(row!.coverLetter).toBe('Dear team,\r\n\n\tHello.')
    await t.db.delete(jobApplications)
    await expectRefused(
      await post({ ...valid(), location: 'Paris\nFrance' }),
      'Location must not contain control characters',
    )
  })
})

describe('email: the HTML standard’s rule for type=email', () => {
  test.each([
    'ann@example.com?bcc=spy%40evil.io&subject=Re',
    'ann@example.com&cc=spy@evil.io',
    'ann @example.com',
    'ann@exa mple.com',
    'ann@example..com',
    'ann@-example.com',
    'ann@example.com.',
    'a@b@example.com',
    '"ann"@example.com',
    'ann(comment)@example.com',
    'josé@example.com',
    'ann@',
    '@example.com',
  ])('%s is refused', async (email) => {
    await expectRefused(await post({ ...valid(), email }), 'Email must be a valid email address')
  })

  test.each(["o'brien+jobs@mail.example.co.uk", 'a.b-c_d@example-domain.io', 'x?y#z@example.com'])(
    '%s is accepted',
    async (email) => {
      expect((await post({ ...valid(), email })).status).toBe(201)
    },
  )
})

describe('unknown fields', () => {
  test('are refused, with the message posts use, and nothing is stored', async () => {
    await expectRefused(await post({ ...valid(), admin: true }), 'Unknown field: admin')
    await expectRefused(await post({ ...valid(), status: 'hired' }), 'Unknown field: status')
  })

  test('the form without JavaScript (same service) cannot add any either, and the honeypot is still a known field', async () => {
    expect((await post({ ...valid(), website: '' })).status).toBe(201)
  })
})

describe('every JSON endpoint refuses fields it does not know, with one message', () => {
  test.each([
    ['POST', '/api/admin/login'],
    ['POST', '/api/admin/2fa/setup'],
    ['POST', '/api/admin/2fa/enable'],
    ['POST', '/api/admin/2fa/disable'],
    ['POST', '/api/admin/password'],
    ['POST', '/api/admin/sessions/revoke-others'],
    ['POST', '/api/blog'],
    ['PUT', '/api/blog/1'],
    ['POST', '/api/tags'],
    ['POST', '/api/job-applications'],
  ])('%s %s', async (method, path) => {
    const admin = adminClient(t)
    await admin.login()
    const res = await admin.request(method, path, { bogus: 1 })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Unknown field: bogus' })
  })
})

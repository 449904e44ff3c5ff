import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import { APPLICATION_RATE_LIMIT } from '../../../shared/application-rules'
import { rateLimits } from '../../db/schema'

const MINUTE = 60 * 1000
let now = Date.UTC(2030, 0, 1, 12)
let t: TestApp
beforeAll(async () => {
  // Behind the trusted proxy, to act as many clients.
  t = await createTestApp({ now: () => now, trustProxy: true })
})
afterAll(() => t.close())

const openJob = jobs.find((job) => job.status === 'active')!
const apply = (address: string) =>
  t.request('/api/job-applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': address },
    body: JSON.stringify({
      jobId: openJob.id,
      jobTitle: openJob.title,
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      coverLetter: 'Hello',
      resumeText: 'Engines',
    }),
  })
const rows = async () => (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort()

test("a client's rate-limit row goes once its window has passed; live windows and other limits stay", async () => {
  await t.db.insert(rateLimits).values({ key: 'login:failures', windowStart: 0, count: 1 })
  const start = now
  for (let i = 0; i < 30; i++) expect((await apply(`203.0.113.${i}`)).status).toBe(201)
  expect((await rows()).length).toBe(31)

  // Half a window on: nothing has expired, so nothing goes.
  now = start + APPLICATION_RATE_LIMIT.windowMs / 2
  expect((await apply('198.51.100.1')).status).toBe(201)
  expect((await rows()).length).toBe(32)

  // Past the first windows: their rows go at the next application; the live one and the login counter stay.
  now = start + APPLICATION_RATE_LIMIT.windowMs + MINUTE
  expect((await apply('198.51.100.2')).status).toBe(201)
  expect(await rows()).toEqual(['apply:198.51.100.1', 'apply:198.51.100.2', 'login:failures'])

  // The live window still counts: its client has used 1 of its applications.
  for (let i = 1; i < APPLICATION_RATE_LIMIT.max; i++) expect((await apply('198.51.100.1')).status).toBe(201)
  expect((await apply('198.51.100.1')).status).toBe(429)
})

test('the addresses of one IPv6 /56 network share one limit, its /64s too; another /56 has its own', async () => {
  now += APPLICATION_RATE_LIMIT.windowMs * 2
  for (let i = 1; i <= APPLICATION_RATE_LIMIT.max; i++) expect((await apply(`2001:db8:7:1${i}::1`)).status).toBe(201)
  expect((await apply('2001:db8:7:ff:ffff:1:2:3')).status).toBe(429)
  expect((await apply('2001:db8:7:100::1')).status).toBe(201)
})

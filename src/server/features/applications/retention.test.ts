import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { tinyPdf } from '../../../../tests/support/documents'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { loopbackSmtp } from '../../../../tests/support/smtp'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import { createAuditLog } from '../../audit/audit-log'
import { createContentVersion } from '../../cache/content-version'
import { applicationFiles, applicationNotes, auditLog, jobApplications, mailOutbox } from '../../db/schema'
import { createOutboxReader } from '../../mail/outbox'
import { createApplicationAdminService } from './admin-service'
import { createApplicationRetention } from './retention'

const DAY = 24 * 60 * 60 * 1000
const start = Date.UTC(2030, 0, 1, 12)
let now = start
let t: TestApp
const smtp = loopbackSmtp()
beforeAll(async () => {
  // Mail is configured (not sent): the outbox holds each application's messages until they go with it.
  t = await createTestApp({ trustProxy: true, now: () => now, smtpUrl: smtp.url })
})
afterAll(() => t.close())

let client = 0
async function apply(fullName: string, extra: Record<string, string> = {}) {
  const body = new FormData()
  const fields = { jobId: activeJobs(jobs)[0]!.id, fullName, email: 'a@example.com', coverLetter: 'Hi', ...extra }
  for (const [key, value] of Object.entries(fields)) body.append(key, String(value))
  body.append('resume', new File([tinyPdf()], 'cv.pdf'))
  const res = await t.request('/api/job-applications', {
    method: 'POST',
    headers: { origin: 'http://localhost', 'x-forwarded-for': `192.0.2.${++client}` },
    body,
  })
  return ((await res.json()) as { id: number }).id
}

/** The retention job over the test's database and clock, a year's period. */
const yearlyRetention = () =>
  createApplicationRetention({
    service: createApplicationAdminService(t.db, {
      content: createContentVersion(t.db),
      outbox: createOutboxReader(t.db),
    }),
    audit: createAuditLog(t.db, { clock: () => now }),
    days: 365,
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    clock: () => now,
  })

test('applications past the retention period go, with their files, notes and mail, and the deletion is audited', async () => {
  const retention = yearlyRetention()
  const old = [await apply('Old One'), await apply('Old Two')]
  const admin = adminClient(t)
  await admin.login()
  await admin.request('PATCH', `/api/admin/applications/${old[0]}`, { note: 'Met at the expo.' })
  now = start + 200 * DAY
  const recent = await apply('Recent')

  // A day short of a year: nothing is old enough.
  now = start + 364 * DAY
  expect(await retention.runOnce()).toBe(0)
  expect(await t.db.select().from(jobApplications)).toHaveLength(3)

  now = start + 366 * DAY
  expect(await retention.runOnce()).toBe(2)
  expect((await t.db.select().from(jobApplications)).map((row) => row.id)).toEqual([recent])
  expect((await t.db.select().from(applicationFiles)).map((row) => row.applicationId)).toEqual([recent])
  expect(await t.db.select().from(applicationNotes)).toEqual([])
  expect((await t.db.select().from(mailOutbox)).map((row) => row.ref)).toEqual([
    `application:${recent}`,
    `application:${recent}`,
  ])
  const expired = (await t.db.select().from(auditLog)).filter((event) => event.type === 'applications.expired')
  expect(expired.map(({ at, clientAddress, subject }) => ({ at: at.getTime(), clientAddress, subject }))).toEqual([
    { at: now, clientAddress: 'retention', subject: '2 applications older than 365 days' },
  ])

  // Again: nothing more to delete, and nothing more logged.
  expect(await retention.runOnce()).toBe(0)
  expect((await t.db.select().from(auditLog)).filter((event) => event.type === 'applications.expired')).toHaveLength(1)
})

test('an applicant who asked to be kept in mind for future roles is kept twice as long; no one else is', async () => {
  const retention = yearlyRetention()
  now = start + 2000 * DAY
  await retention.runOnce()
  const kept = await apply('Kept In Mind', { keepInMind: 'yes' })
  const plain = await apply('Plain')
  const ids = async () => (await t.db.select().from(jobApplications)).map((row) => row.id)
  expect((await t.db.select().from(jobApplications)).map((row) => [row.id, row.keepInMind])).toEqual([
    [kept, true],
    [plain, false],
  ])
  now += 366 * DAY
  await retention.runOnce()
  expect(await ids()).toEqual([kept])
  now += 363 * DAY
  await retention.runOnce()
  expect(await ids()).toEqual([kept])
  now += 2 * DAY
  await retention.runOnce()
  expect(await ids()).toEqual([])
})

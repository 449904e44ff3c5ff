import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { adminClient } from '../../../../tests/support/admin-client'
import { tinyPdf } from '../../../../tests/support/documents'
import { copiesOnDisk } from '../../../../tests/support/on-disk'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { loopbackSmtp } from '../../../../tests/support/smtp'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import { APPLICATION_RATE_LIMIT } from '../../../shared/application-rules'
import { createContentVersion } from '../../cache/content-version'
import { jobApplications } from '../../db/schema'
import { createOutboxReader } from '../../mail/outbox'
import { createApplicationAdminService } from './admin-service'

const DAY = 24 * 60 * 60 * 1000
let now = Date.UTC(2030, 0, 1, 12)
let t: TestApp
const smtp = loopbackSmtp()
beforeAll(async () => {
  // Mail is configured and not sent: the outbox holds each application's messages, with the applicant's name.
  t = await createTestApp({ trustProxy: true, now: () => now, smtpUrl: smtp.url })
})
afterAll(() => t.close())

const onDisk = (marker: string) => copiesOnDisk(t.databaseUrl, marker)

const retention = () =>
  createApplicationAdminService(t.db, {
    content: createContentVersion(t.db),
    outbox: createOutboxReader(t.db),
    clock: () => now,
  })

let client = 0
/** An application whose name, letter and résumé carry `marker`; the résumé spans several pages of the file. */
async function apply(marker: string): Promise<number> {
  const address = `192.0.2.${++client}`
  const body = new FormData()
  const fields = {
    jobId: activeJobs(jobs)[0]!.id,
    fullName: `Ada ${marker}`,
    email: 'ada@example.com',
    coverLetter: `About me: ${marker}`,
  }
  for (const [key, value] of Object.entries(fields)) body.append(key, String(value))
  body.append('resume', new File([tinyPdf(`${marker} `.repeat(1500))], 'cv.pdf'))
  const res = await t.request('/api/job-applications', {
    method: 'POST',
    headers: { origin: 'http://localhost', 'x-forwarded-for': address },
    body,
  })
  expect(res.status).toBe(201)
  const { id } = (await res.json()) as { id: number }
  addresses.set(id, address)
  return id
}
/** Each application's client address, which its rate-limit row is keyed by. */
const addresses = new Map<number, string>()

test('an application the recruiter deletes leaves none of its text in the database file or its log', async () => {
  const marker = `Erasable${crypto.randomUUID().slice(0, 8)}`
  const id = await apply(marker)
  expect(onDisk(marker)).toBeGreaterThan(0)

  const admin = adminClient(t)
  await admin.login()
  // Each change rewrites the row: its earlier versions must not stay behind in the file either.
  for (const status of ['reviewing', 'interview'])
    expect(
      (await admin.request('PATCH', `/api/admin/applications/${id}`, { status, note: `Spoke with ${marker}` })).status,
    ).toBe(200)
  expect((await admin.request('DELETE', `/api/admin/applications/${id}`)).status).toBe(200)
  expect(onDisk(marker)).toBe(0)
})

test('applications past the retention period leave none of their text on disk either', async () => {
  const marker = `Expired${crypto.randomUUID().slice(0, 8)}`
  const expired = [await apply(marker), await apply(marker)]
  const kept = `Kept${crypto.randomUUID().slice(0, 8)}`
  now += 30 * DAY
  const recent = await apply(kept)
  expect(onDisk(marker)).toBeGreaterThan(0)

  expect(await retention().expire(now - DAY)).toBe(2)
  expect(onDisk(marker)).toBe(0)
  expect(onDisk(kept)).toBeGreaterThan(0)
  expect(expired).not.toContain(recent)
})

test("on a quiet careers page, an applicant's address goes when its rate-limit window has passed", async () => {
  const id = await apply(`Quiet${crypto.randomUUID().slice(0, 8)}`)
  const key = `apply:${addresses.get(id)}`
  expect(onDisk(key)).toBeGreaterThan(0)
  // No one applies again, whose request would clear passed windows; the hourly retention run does.
  now += APPLICATION_RATE_LIMIT.windowMs + 60_000
  expect(await retention().expire(now - 365 * DAY)).toBe(0)
  expect(onDisk(key)).toBe(0)
  expect(await t.db.select().from(jobApplications).where(eq(jobApplications.id, id))).toHaveLength(1)
})

test("an address pruned by a later applicant's request leaves the log at the next retention run", async () => {
  const first = await apply(`First${crypto.randomUUID().slice(0, 8)}`)
  const key = `apply:${addresses.get(first)}`
  now += APPLICATION_RATE_LIMIT.windowMs + 60_000
  // This request clears the first applicant's passed window itself; the row's earlier copies are in the log.
  await apply(`Second${crypto.randomUUID().slice(0, 8)}`)
  await retention().expire(now - 365 * DAY)
  expect(onDisk(key)).toBe(0)
})

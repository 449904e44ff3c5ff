import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { adminClient } from '../../../../tests/support/admin-client'
import { tinyPdf } from '../../../../tests/support/documents'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { loopbackSmtp } from '../../../../tests/support/smtp'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import { createContentVersion } from '../../cache/content-version'
import { localFilePath } from '../../db/client'
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

/** How often `marker` is written in the database file and its write-ahead log, as anyone reading the disk sees. */
function onDisk(marker: string): number {
  const file = localFilePath(t.databaseUrl)!
  return [file, `${file}-wal`]
    .filter(existsSync)
    .reduce((sum, path) => sum + readFileSync(path).toString('latin1').split(marker).length - 1, 0)
}

let client = 0
/** An application whose name, letter and résumé carry `marker`; the résumé spans several pages of the file. */
async function apply(marker: string): Promise<number> {
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
    headers: { origin: 'http://localhost', 'x-forwarded-for': `192.0.2.${++client}` },
    body,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: number }).id
}

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
  await apply(marker)
  await apply(marker)
  const kept = `Kept${crypto.randomUUID().slice(0, 8)}`
  now += 30 * DAY
  await apply(kept)
  expect(onDisk(marker)).toBeGreaterThan(0)

  const service = createApplicationAdminService(t.db, {
    content: createContentVersion(t.db),
    outbox: createOutboxReader(t.db),
  })
  expect(await service.expire(now - DAY)).toBe(2)
  expect(onDisk(marker)).toBe(0)
  expect(onDisk(kept)).toBeGreaterThan(0)
})

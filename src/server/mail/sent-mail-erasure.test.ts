import { afterAll, beforeAll, expect, test } from 'bun:test'
import { copiesOnDisk } from '../../../tests/support/on-disk'
import { activeJobs } from '../../../tests/support/seed-jobs'
import { loopbackSmtp } from '../../../tests/support/smtp'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { jobs } from '../../content/jobs'
import { mailOutbox } from '../db/schema'

const DAY = 24 * 60 * 60 * 1000
let now = Date.UTC(2030, 0, 1, 12)
let t: TestApp
const smtp = loopbackSmtp()
beforeAll(async () => {
  await smtp.listen()
  t = await createTestApp({ trustProxy: true, now: () => now, smtpUrl: smtp.url })
})
afterAll(async () => {
  await t.mailSender?.stop()
  t.close()
  await smtp.close()
})

const outbox = () => t.db.select().from(mailOutbox).orderBy(mailOutbox.id)

test('sent messages are kept 30 days, then deleted and overwritten on disk', async () => {
  const res = await t.request('/api/job-applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': '10.0.1.1' },
    body: JSON.stringify({
      jobId: activeJobs(jobs)[0]!.id,
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      coverLetter: 'Engines.',
      resumeText: 'Notes.',
    }),
  })
  expect(res.status).toBe(201)
  expect(await t.mailSender!.runOnce()).toMatchObject({ sent: 2 })
  // Each message's own Message-ID is written nowhere else: on disk, it stands for the message.
  const messageIds = (await outbox()).map((message) => message.messageId)
  const onDisk = (text: string) => copiesOnDisk(t.databaseUrl, text) > 0
  expect(messageIds.filter(onDisk)).toHaveLength(2)

  now += 29 * DAY
  await t.mailSender!.runOnce()
  expect(await outbox()).toHaveLength(2)
  now += 2 * DAY
  await t.mailSender!.runOnce()
  expect(await outbox()).toEqual([])
  expect(messageIds.filter(onDisk)).toEqual([])
})

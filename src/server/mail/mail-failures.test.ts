import { describe, expect, test } from 'bun:test'
import { adminClient } from '../../../tests/support/admin-client'
import { mailApps } from '../../../tests/support/mail-app'
import type { MailStatus } from '../../shared/application-pipeline'
import { enableMetrics } from '../observability/metrics'
import { MAIL_RETRY, retryDelayMs } from './sender'

/** Mail that cannot be sent, and mail that must not be queued (mail-delivery.test.ts has what goes out). */
let now = Date.UTC(2030, 0, 1, 12)
const { setUp, apply, outbox } = mailApps(() => now)

describe('failures', () => {
  test('a permanent refusal (550) fails at once; the admin lists it and can try it again', async () => {
    const { t, smtp } = await setUp({ rejectRecipient: /^ada@/ })
    const { id } = (await (await apply(t)).json()) as { id: number }
    const registry = await enableMetrics()
    const emails = async (outcome: string) =>
      (await registry.getSingleMetric('site_emails_total')?.get())?.values.find((v) => v.labels.outcome === outcome)
        ?.value ?? 0
    const [sentBefore, failedBefore] = [await emails('sent'), await emails('failed')]
    expect(await t.mailSender!.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 1 })
    // Counted for the metrics, so an alert can watch failed email.
    expect([(await emails('sent')) - sentBefore, (await emails('failed')) - failedBefore]).toEqual([1, 1])
    expect(smtp.received).toHaveLength(1)
    const admin = adminClient(t)
    await admin.login()
    const status = await admin.json<MailStatus>('GET', '/api/admin/mail')
    expect(status.configured).toBe(true)
    expect(status.waiting).toBe(0)
    expect(status.failed.map((d) => [d.kind, d.to, d.status, d.attempts])).toEqual([
      ['applicant-confirmation', 'ada@example.com', 'failed', 1],
    ])
    expect(status.failed[0]!.lastError).toContain('550')
    const detail = await admin.json<{ deliveries: { status: string }[] }>('GET', `/api/admin/applications/${id}`)
    expect(detail.deliveries.map((d) => d.status)).toEqual(['sent', 'failed'])
    // No personal data in the log: the code, never the server's text.
    const logged = t.logs.filter((line) => line.message === 'mail delivery failed')
    expect(logged.map((line) => line.fields)).toEqual([
      { outboxId: status.failed[0]!.id, kind: 'applicant-confirmation', attempt: 1, code: '550', gaveUp: true },
    ])

    expect((await admin.request('POST', `/api/admin/mail/${status.failed[0]!.id}/retry`)).status).toBe(200)
    expect((await admin.json<MailStatus>('GET', '/api/admin/mail')).waiting).toBe(1)
    expect((await admin.request('POST', `/api/admin/mail/${status.failed[0]!.id}/retry`)).status).toBe(404)
  })

  test(`a message that keeps failing gives up after ${MAIL_RETRY.maxAttempts} attempts, waiting longer each time`, async () => {
    const { t } = await setUp({ listening: false })
    await apply(t)
    const delays: number[] = []
    for (let attempt = 1; attempt <= MAIL_RETRY.maxAttempts; attempt++) {
      const due = Math.min(...(await outbox()).map((row) => row.nextAttemptAt))
      delays.push(due - now)
      now = due
      await t.mailSender!.runOnce()
    }
    expect(delays.slice(1)).toEqual(Array.from({ length: MAIL_RETRY.maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1)))
    expect(retryDelayMs(1)).toBe(30_000)
    expect(retryDelayMs(2)).toBe(60_000)
    expect(retryDelayMs(20)).toBe(MAIL_RETRY.maxDelayMs)
    expect((await outbox()).map((row) => [row.status, row.attempts])).toEqual([
      ['failed', MAIL_RETRY.maxAttempts],
      ['failed', MAIL_RETRY.maxAttempts],
    ])
  })
})

test('without SMTP_URL nothing is queued and the admin says email is off', async () => {
  const { t } = await setUp({ smtp: false })
  expect((await apply(t)).status).toBe(201)
  expect(await outbox()).toEqual([])
  const admin = adminClient(t)
  await admin.login()
  expect(await admin.json<MailStatus>('GET', '/api/admin/mail')).toEqual({ configured: false, failed: [], waiting: 0 })
})

test('a name or address with a line break never reaches a header: refused, and nothing is queued', async () => {
  const { t } = await setUp()
  for (const fields of [
    { fullName: 'Ada\r\nBcc: victim@example.com' },
    { fullName: 'Ada\nSubject: spam' },
    { email: 'ada@example.com\r\nBcc: victim@example.com' },
  ]) {
    expect((await apply(t, fields)).status).toBe(400)
  }
  expect(await outbox()).toEqual([])
})

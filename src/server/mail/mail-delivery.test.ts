import { describe, expect, test } from 'bun:test'
import { mailApps } from '../../../tests/support/mail-app'
import { memoryLogger } from '../../../tests/support/memory-logger'
import { applicationReference } from '../../shared/application-reference'
import { jobApplications } from '../db/schema'
import { APPLICATION_MAIL_TEXT } from '../features/applications/notifications'
import { AUTOMATIC_MAIL_HEADERS, CLAIM_MS, createMailSender, MAIL_RETRY } from './sender'
import { smtpTransport } from './transport'

let now = Date.UTC(2030, 0, 1, 12)
const { job, setUp, apply, outbox } = mailApps(() => now)

describe('an application', () => {
  test('links in the emails never follow the Host the request named', async () => {
    const { t } = await setUp()
    const res = await t.fetch(
      new Request('http://evil.example/api/job-applications', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
        body: JSON.stringify({
          jobId: job.id,
          fullName: 'Ada',
          email: 'ada@example.com',
          coverLetter: 'Hi',
          resumeText: 'x',
        }),
      }),
    )
    expect(res.status).toBe(201)
    const [notice, confirmation] = await outbox()
    expect(notice!.text).toContain('http://localhost/')
    // The confirmation links to nothing at all (notifications.test.ts).
    expect(confirmation!.text).not.toMatch(/https?:|www\./)
    for (const message of [notice!, confirmation!]) expect(message.text).not.toContain('evil.example')
  })

  test('sends one notice to the hiring team and one confirmation to the applicant, once', async () => {
    const { t, smtp } = await setUp()
    const res = await apply(t)
    const { id, reference } = (await res.json()) as { id: number; reference: string }
    expect(reference).toBe(applicationReference(id))
    expect(await t.mailSender!.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 })
    const [notice, confirmation] = await smtp.waitFor(2)
    expect(notice!.to).toMatchObject({ text: 'hiring@studio.test' })
    expect(notice!.subject).toBe(`New application: ${job.title} — Ada Lovelace`)
    expect(notice!.text).toContain(`Reference: ${reference}`)
    expect(notice!.text).toContain(`http://localhost/admin/blog?application=${id}`)
    expect(notice!.text).not.toContain('Engines.')
    expect(notice!.attachments).toEqual([])
    expect(confirmation!.to).toMatchObject({ text: 'ada@example.com' })
    expect(confirmation!.replyTo).toMatchObject({ text: 'hiring@studio.test' })
    expect(confirmation!.subject).toBe(`We received your application for “${job.title}”`)
    expect(confirmation!.text).toContain(`Your reference number: ${reference}`)
    expect(confirmation!.text).toContain(`Thank you for applying for “${job.title}”`)
    expect(new Set([notice!.messageId, confirmation!.messageId]).size).toBe(2)

    // Nothing is sent twice: later passes find nothing due.
    expect(await t.mailSender!.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    now += 24 * 60 * 60 * 1000
    await t.mailSender!.runOnce()
    expect(smtp.received).toHaveLength(2)
    expect((await outbox()).map((row) => row.status)).toEqual(['sent', 'sent'])
  })

  test('is stored at once while the SMTP server is down; both emails arrive, with backoff, once it is back', async () => {
    const { t, smtp } = await setUp({ listening: false })
    const started = performance.now()
    expect((await apply(t)).status).toBe(201)
    // The applicant does not wait for email: the answer comes with the row stored, SMTP untouched.
    expect(performance.now() - started).toBeLessThan(1000)
    expect(await t.db.select().from(jobApplications)).toHaveLength(1)

    expect(await t.mailSender!.runOnce()).toEqual({ sent: 0, retrying: 2, failed: 0 })
    const waiting = await outbox()
    expect(waiting.map((row) => [row.status, row.attempts, row.nextAttemptAt - now])).toEqual([
      ['pending', 1, MAIL_RETRY.firstDelayMs],
      ['pending', 1, MAIL_RETRY.firstDelayMs],
    ])
    expect(waiting[0]!.lastError).toMatch(/ECONNREFUSED|connect/i)

    await smtp.listen()
    // Not due yet: the backoff holds even though the server is back.
    expect(await t.mailSender!.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    now += MAIL_RETRY.firstDelayMs
    expect(await t.mailSender!.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 })
    expect((await smtp.waitFor(2)).map((mail) => mail.subject)).toEqual([
      `New application: ${job.title} — Ada Lovelace`,
      APPLICATION_MAIL_TEXT.confirmation.subject(job.title),
    ])
    expect(await t.mailSender!.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(smtp.received).toHaveLength(2)
  })

  test('every message says it was sent by a machine, so no out-of-office reply comes back (RFC 3834)', async () => {
    const { t, smtp } = await setUp()
    await apply(t)
    await t.mailSender!.runOnce()
    const received = await smtp.waitFor(2)
    expect(
      received.map((mail) => [mail.headers.get('auto-submitted'), mail.headers.get('x-auto-response-suppress')]),
    ).toEqual([
      ['auto-generated', AUTOMATIC_MAIL_HEADERS['X-Auto-Response-Suppress']],
      ['auto-generated', AUTOMATIC_MAIL_HEADERS['X-Auto-Response-Suppress']],
    ])
  })

  test('with the loop running, mail goes out as soon as the application is stored', async () => {
    const { t, smtp } = await setUp()
    t.mailSender!.start()
    await apply(t)
    expect(await smtp.waitFor(2, 5000)).toHaveLength(2)
  })
})

test('several sender processes on one database send every message exactly once', async () => {
  // The processes run on the real clock: the messages must be due by it.
  now = Date.now()
  const { t, smtp } = await setUp()
  for (let i = 0; i < 30; i++) expect((await apply(t, { fullName: `Applicant ${i}` })).status).toBe(201)
  const run = () =>
    Bun.spawn(['bun', 'tests/support/send-outbox.ts', t.databaseUrl, smtp.url], { stdout: 'pipe', stderr: 'inherit' })
  const processes = [run(), run(), run()]
  const sent = await Promise.all(
    processes.map(async (p) => (JSON.parse(await new Response(p.stdout).text()) as { sent: number }).sent),
  )
  expect(sent.reduce((a, b) => a + b, 0)).toBe(60)
  await smtp.waitFor(60)
  expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(60)
  expect(smtp.received).toHaveLength(60)
})

test('a sender slower than its claim sends nothing another sender has claimed since', async () => {
  const { t, smtp } = await setUp()
  for (let i = 0; i < 2; i++) expect((await apply(t, { fullName: `Applicant ${i}` })).status).toBe(201)
  const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }
  const other = createMailSender({
    db: t.db,
    transport: smtpTransport(smtp.url),
    from: 'b@studio.test',
    logger: quiet,
    clock: () => now,
  })
  // The first sender's clock passes the whole claim while its server answers the first message (as a
  // process stalled that long would see it). Were it to send its second message anyway, the other sender
  // would have claimed and sent that one (and the rest) just before.
  const real = smtpTransport(smtp.url)
  let sends = 0
  const slow = createMailSender({
    db: t.db,
    from: 'a@studio.test',
    logger: quiet,
    clock: () => now,
    transport: {
      async send(message) {
        if (++sends === 2) await other.runOnce()
        await real.send(message)
        if (sends === 1) now += CLAIM_MS + 1000
      },
      close: () => real.close(),
    },
  })
  expect(await slow.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 })
  expect(await other.runOnce()).toEqual({ sent: 3, retrying: 0, failed: 0 })
  await smtp.waitFor(4)
  expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(4)
  expect(smtp.received).toHaveLength(4)
  expect((await outbox()).map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent'])
  await Promise.all([slow.stop(), other.stop()])
})

test('a sender keeps its claim through sends slower than the claim itself, so no other sender takes them', async () => {
  // Real time throughout: the claim is renewed on a timer while the server takes its time. A claim of 1 s,
  // renewed every quarter, outlives a stall of the test process of up to 3/4 s. With a claim of 0.4 s the other
  // sender took the rows in 2 of 4 runs on a busy machine, presumably after a stall past 0.3 s: a failure now
  // says how late the second sender came and what the renewals logged.
  now = Date.now()
  const { t, smtp } = await setUp({ answerAfterMs: 1500 })
  expect((await apply(t)).status).toBe(201)
  const { logger, logs } = memoryLogger()
  const sender = (from: string) =>
    createMailSender({ db: t.db, transport: smtpTransport(smtp.url), from, logger, claimMs: 1000 })
  const [slow, other] = [sender('a@studio.test'), sender('b@studio.test')]
  const sending = slow.runOnce()
  try {
    // Past the first claim's end, while the first message is still being answered.
    const asleep = performance.now()
    await Bun.sleep(1100)
    const late = Math.round(performance.now() - asleep - 1100)
    expect({ taken: await other.runOnce(), late, logs }).toEqual({
      taken: { sent: 0, retrying: 0, failed: 0 },
      late,
      logs: [],
    })
    expect(await sending).toEqual({ sent: 2, retrying: 0, failed: 0 })
    expect(await smtp.waitFor(2)).toHaveLength(2)
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(2)
  } finally {
    // Pooled connections left open would hold the SMTP server's close for its 30 s.
    await sending.catch(() => undefined)
    await Promise.all([slow.stop(), other.stop()])
  }
})

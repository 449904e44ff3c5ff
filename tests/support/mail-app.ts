import { afterEach } from 'bun:test'
import { jobs } from '../../src/content/jobs'
import { mailOutbox } from '../../src/server/db/schema'
import { activeJobs } from './seed-jobs'
import { closeMailApp, type LoopbackSmtp, loopbackSmtp } from './smtp'
import { createTestApp, type TestApp } from './test-app'

/**
 * A test app whose email goes to a loopback SMTP server, on the clock `now`; each one made is closed
 * after its test. `apply` sends an application (its own client address each time, so no limit refuses it);
 * `outbox` reads the mail outbox of the last app made.
 */
export function mailApps(now: () => number) {
  const job = activeJobs(jobs)[0]!
  let t: TestApp | null = null
  let smtp: LoopbackSmtp | null = null
  let client = 0
  afterEach(async () => {
    await closeMailApp(t, smtp)
    t = null
    smtp = null
  })
  return {
    job,
    async setUp(
      options: { rejectRecipient?: RegExp; answerAfterMs?: number; listening?: boolean; smtp?: boolean } = {},
    ) {
      smtp = loopbackSmtp({ rejectRecipient: options.rejectRecipient, answerAfterMs: options.answerAfterMs })
      if (options.listening !== false) await smtp.listen()
      t = await createTestApp({ trustProxy: true, now, smtpUrl: options.smtp === false ? undefined : smtp.url })
      return { t, smtp }
    },
    apply(app: TestApp, fields: Record<string, unknown> = {}) {
      return app.request('/api/job-applications', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost',
          'x-forwarded-for': `10.0.0.${++client % 250}`,
        },
        body: JSON.stringify({
          jobId: job.id,
          fullName: 'Ada Lovelace',
          email: 'ada@example.com',
          coverLetter: 'Engines.',
          resumeText: 'Notes.',
          ...fields,
        }),
      })
    },
    outbox: () => t!.db.select().from(mailOutbox).orderBy(mailOutbox.id),
  }
}

import { afterEach, expect, test } from 'bun:test'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { closeMailApp, type LoopbackSmtp, loopbackSmtp } from '../../../../tests/support/smtp'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import { applicationReference } from '../../../shared/application-reference'
import { APPLICATION_MAIL_TEXT, applicationMail } from './notifications'

const job = activeJobs(jobs)[0]!
let t: TestApp | null = null
let smtp: LoopbackSmtp | null = null
afterEach(async () => {
  await closeMailApp(t, smtp)
  t = null
  smtp = null
})

/** Everything a stranger can type into the form, each field carrying an advert or a link. */
const hostile = {
  fullName: 'Win $500 now: http://evil.example/claim',
  email: 'claim.prize@evil.example',
  phone: '+1 555 0100',
  location: 'www.evil.example',
  portfolioUrl: 'https://evil.example/portfolio',
  linkedinUrl: 'https://evil.example/in/prize',
  githubUrl: 'https://evil.example/gh',
  experience: 'Visit evil.example for free money',
  availability: 'Call +1 555 0199 today',
  coverLetter: 'Your account is locked, sign in at https://evil.example/login',
  resumeText: 'Cheap pills at http://evil.example/pills',
}

/** No address, link or phrase of the applicant's; checked on every part a mail client shows. */
function expectNothingTyped(parts: string[]) {
  for (const part of parts) {
    expect(part).not.toMatch(/evil\.example|https?:|www\.|555|Win|\$500/)
    for (const value of Object.values(hostile)) expect(part).not.toContain(value)
  }
}

test("the applicant's confirmation, as it arrives, repeats nothing they typed: the site cannot be made to carry spam", async () => {
  smtp = loopbackSmtp()
  await smtp.listen()
  t = await createTestApp({ trustProxy: true, smtpUrl: smtp.url })
  const res = await t.request('/api/job-applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': '10.0.1.1' },
    body: JSON.stringify({ jobId: job.id, ...hostile }),
  })
  expect(res.status).toBe(201)
  const { id } = (await res.json()) as { id: number }
  await t.mailSender!.runOnce()
  const received = await smtp.waitFor(2)
  const confirmation = received.find((mail) => mail.to && 'text' in mail.to && mail.to.text === hostile.email)
  expect(confirmation).toBeDefined()
  // Plain text only: there is no HTML part for anything to hide in.
  expect(confirmation!.html).toBe(false)
  expectNothingTyped([confirmation!.subject ?? '', confirmation!.text ?? ''])
  // What it does say: the role, in quotes, and the reference.
  expect(confirmation!.subject).toBe(`We received your application for “${job.title}”`)
  expect(confirmation!.text).toContain(`“${job.title}”`)
  expect(confirmation!.text).toContain(applicationReference(id))
  // The hiring team's own notice still names the applicant.
  const notice = received.find((mail) => mail !== confirmation)
  expect(notice!.subject).toContain(hostile.fullName)
})

test('the confirmation is made of the fixed words, the reference and the role only', () => {
  const [notice, confirmation] = applicationMail(
    { id: 42, jobTitle: 'Level Designer', fullName: hostile.fullName, email: hostile.email },
    { hiringEmail: 'hiring@studio.test', origin: 'https://studio.test', retentionDays: 90 },
  )
  expect(notice!.text).toContain(hostile.fullName)
  expect(notice!.text).toContain('https://studio.test/admin/')
  expect(confirmation).toMatchObject({
    kind: 'applicant-confirmation',
    to: hostile.email,
    replyTo: 'hiring@studio.test',
    subject: APPLICATION_MAIL_TEXT.confirmation.subject('Level Designer'),
    text: APPLICATION_MAIL_TEXT.confirmation.text('Level Designer', applicationReference(42), 90),
  })
  expectNothingTyped([confirmation!.subject, confirmation!.text])
})

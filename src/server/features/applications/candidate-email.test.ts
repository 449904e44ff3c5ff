import { afterEach, describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { applyAs } from '../../../../tests/support/applications'
import { activeJobs } from '../../../../tests/support/seed-jobs'
import { closeMailApp, type LoopbackSmtp, loopbackSmtp } from '../../../../tests/support/smtp'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { jobs } from '../../../content/jobs'
import type { ApplicationDetail, MailDelivery } from '../../../shared/application-pipeline'
import { CANDIDATE_EMAIL_MESSAGES, type EmailTemplate } from '../../../shared/candidate-email'

const job = activeJobs(jobs)[0]!
let now = Date.UTC(2030, 0, 7, 12)
let t: TestApp | null = null
let smtp: LoopbackSmtp | null = null
afterEach(async () => {
  await closeMailApp(t, smtp)
  t = null
  smtp = null
})

async function setUp({ mail = true } = {}) {
  smtp = loopbackSmtp()
  await smtp.listen()
  t = await createTestApp({ now: () => now, smtpUrl: mail ? smtp.url : undefined })
  const owner = adminClient(t)
  await owner.login()
  const recruiter = await joinStaff(t, owner, 'recruiter', { email: 'rae@studio.test', name: 'Rae Recruiter' })
  return { t, smtp, recruiter }
}

const templateNamed = (list: EmailTemplate[], name: string) => list.find((template) => template.name === name)!

/** The messages with this subject once `count` of them have reached the SMTP server. */
async function arrived(subject: string, count = 1) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const found = smtp!.received.filter((message) => message.subject === subject)
    if (found.length >= count) return found
    if (Date.now() > deadline) throw new Error(`"${subject}" did not arrive`)
    await Bun.sleep(20)
  }
}

describe('email templates', () => {
  test('a site starts with a rejection, an interview invitation and a free message, listed with the merge fields', async () => {
    const { recruiter } = await setUp({ mail: false })
    const listed = (await (await recruiter.request('GET', '/api/admin/email-templates')).json()) as {
      templates: EmailTemplate[]
      mergeFields: { name: string }[]
    }
    expect(listed.templates.map((template) => template.name)).toEqual([
      'Free message',
      'Interview invitation',
      'Rejection',
    ])
    expect(listed.mergeFields.map((field) => field.name)).toEqual([
      '{{name}}',
      '{{firstName}}',
      '{{role}}',
      '{{sender}}',
    ])
  })

  test('are written, changed and deleted; an unknown merge field or a blank subject is refused', async () => {
    const { recruiter } = await setUp({ mail: false })
    const bad = await recruiter.request('POST', '/api/admin/email-templates', {
      name: 'Offer',
      subject: 'An offer for {{role}}',
      body: 'Dear {{surname}}',
    })
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([
      400,
      CANDIDATE_EMAIL_MESSAGES.unknownMergeField('surname'),
    ])
    // Names every object has, and names with other characters, are no merge fields either.
    for (const field of ['constructor', 'toString', 'first_name'])
      expect(
        (
          (await (
            await recruiter.request('POST', '/api/admin/email-templates', {
              name: 'x',
              subject: 's',
              body: `{{${field}}}`,
            })
          ).json()) as { error: string }
        ).error,
      ).toBe(CANDIDATE_EMAIL_MESSAGES.unknownMergeField(field))
    const blank = await recruiter.request('POST', '/api/admin/email-templates', {
      name: 'Offer',
      subject: ' ',
      body: 'x',
    })
    expect(((await blank.json()) as { error: string }).error).toBe('Subject is required')
    const created = (await (
      await recruiter.request('POST', '/api/admin/email-templates', {
        name: 'Offer',
        subject: 'An offer for {{role}}',
        body: 'Dear {{firstName}}',
      })
    ).json()) as EmailTemplate
    const changed = await recruiter.request('PUT', `/api/admin/email-templates/${created.id}`, {
      name: 'Offer letter',
      subject: 'Your offer for {{role}}',
      body: 'Dear {{firstName}}',
    })
    expect(((await changed.json()) as EmailTemplate).name).toBe('Offer letter')
    expect((await recruiter.request('DELETE', `/api/admin/email-templates/${created.id}`)).status).toBe(200)
    expect((await recruiter.request('DELETE', `/api/admin/email-templates/${created.id}`)).status).toBe(404)
  })
})

describe('email to a candidate', () => {
  test('goes through the outbox with merge fields filled and the sender as Reply-To, and joins the timeline', async () => {
    const { t, recruiter } = await setUp()
    const id = await applyAs(t, job.id, 'Ada Lovelace')
    const { templates } = (await (await recruiter.request('GET', '/api/admin/email-templates')).json()) as {
      templates: EmailTemplate[]
    }
    const res = await recruiter.request('POST', `/api/admin/applications/${id}/emails`, {
      templateId: templateNamed(templates, 'Interview invitation').id,
    })
    expect(res.status).toBe(202)
    const queued = (await res.json()) as MailDelivery
    expect([queued.kind, queued.to, queued.status, queued.scheduledFor]).toEqual([
      'candidate-message',
      'ada@example.com',
      'pending',
      null,
    ])
    await t.mailSender!.runOnce()
    const received = await arrived(`Interview for ${job.title}`)
    expect(received).toHaveLength(1)
    expect(received[0]!.text).toContain('Hi Ada,')
    expect(received[0]!.text).toContain('Rae Recruiter')
    expect(received[0]!.replyTo?.text).toBe('rae@studio.test')
    // A person wrote it and waits for an answer: not marked as sent by a machine.
    expect(received[0]!.headers.get('auto-submitted')).toBeUndefined()
    const { timeline } = (await (
      await recruiter.request('GET', `/api/admin/applications/${id}`)
    ).json()) as ApplicationDetail
    expect(timeline.at(-1)).toMatchObject({ kind: 'email', by: 'Rae Recruiter', mailStatus: 'sent' })
  })

  test('given a send time, waits for it: nothing goes before, it goes after', async () => {
    const { t, recruiter } = await setUp()
    const id = await applyAs(t, job.id, 'Grace Hopper')
    // What the application and the invitation sent goes first.
    await t.mailSender!.runOnce()
    const sendAt = new Date(now + 60_000).toISOString()
    const res = await recruiter.request('POST', `/api/admin/applications/${id}/emails`, {
      subject: 'Next steps for {{role}}',
      body: 'Hello {{name}}',
      sendAt,
    })
    expect(((await res.json()) as MailDelivery).scheduledFor).toBe(sendAt)
    expect(await t.mailSender!.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    now += 61_000
    expect(await t.mailSender!.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 })
    const later = await arrived(`Next steps for ${job.title}`)
    expect(later.map((message) => message.text?.trim())).toEqual(['Hello Grace Hopper'])
  })

  test('is refused without SMTP', async () => {
    const { t, recruiter } = await setUp({ mail: false })
    const id = await applyAs(t, job.id, 'Ada Lovelace')
    const off = await recruiter.request('POST', `/api/admin/applications/${id}/emails`, { subject: 'a', body: 'b' })
    expect([off.status, ((await off.json()) as { error: string }).error]).toEqual([
      409,
      CANDIDATE_EMAIL_MESSAGES.mailOff,
    ])
  })

  test('is refused for an unknown template or candidate, a blank message and a bad send time', async () => {
    const { t, recruiter: staff } = await setUp()
    const other = await applyAs(t, job.id, 'Ada Lovelace')
    const cases: [number, unknown, number, string][] = [
      [other, { templateId: 999 }, 404, CANDIDATE_EMAIL_MESSAGES.templateNotFound],
      [other + 100, { subject: 'a', body: 'b' }, 404, 'Application not found'],
      [other, { subject: 'a', body: 'b', sendAt: 'tomorrow' }, 400, CANDIDATE_EMAIL_MESSAGES.badSendAt],
      [other, { subject: 'a', body: 'b', sendAt: '2030-02-30T09:00:00Z' }, 400, CANDIDATE_EMAIL_MESSAGES.badSendAt],
      [
        other,
        { subject: 'a', body: 'b', sendAt: new Date(now - 3_600_000).toISOString() },
        400,
        CANDIDATE_EMAIL_MESSAGES.sendAtPassed,
      ],
      [other, { subject: 'a', body: '  ' }, 400, 'Message is required'],
    ]
    for (const [target, body, status, error] of cases) {
      const res = await staff.request('POST', `/api/admin/applications/${target}/emails`, body)
      expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([status, error])
    }
  })

  test('bulk rejection with a template: each candidate told and moved to Rejected; an unknown one reported', async () => {
    const { t, recruiter } = await setUp()
    const ids = [await applyAs(t, job.id, 'Ada Lovelace'), await applyAs(t, job.id, 'Grace Hopper')]
    const { templates } = (await (await recruiter.request('GET', '/api/admin/email-templates')).json()) as {
      templates: EmailTemplate[]
    }
    const res = await recruiter.request('POST', '/api/admin/applications/bulk-reject', {
      ids: [...ids, 999],
      templateId: templateNamed(templates, 'Rejection').id,
    })
    expect(await res.json()).toEqual({ done: ids, failed: [{ id: 999, error: 'Application not found' }] })
    for (const id of ids) {
      const detail = (await (
        await recruiter.request('GET', `/api/admin/applications/${id}`)
      ).json()) as ApplicationDetail
      expect(detail.status).toBe('rejected')
      expect(detail.timeline.filter((entry) => entry.kind === 'status').map((entry) => entry.by)).toEqual([
        'Rae Recruiter',
      ])
    }
    // Sent again (a double click, a retry): no one already rejected is told twice.
    const again = await recruiter.request('POST', '/api/admin/applications/bulk-reject', {
      ids,
      templateId: templateNamed(templates, 'Rejection').id,
    })
    expect(await again.json()).toEqual({
      done: [],
      failed: ids.map((id) => ({ id, error: CANDIDATE_EMAIL_MESSAGES.alreadyRejected })),
    })
    await t.mailSender!.runOnce()
    const rejections = await arrived(`Your application for ${job.title}`, 2)
    await Bun.sleep(100)
    expect(smtp!.received.filter((message) => message.subject === `Your application for ${job.title}`)).toHaveLength(2)
    expect(rejections.map((message) => message.to && 'text' in message.to && message.to.text).sort()).toEqual([
      'ada@example.com',
      'grace@example.com',
    ])
  })
})

test('from a staff member without an address of their own, replies go to the hiring team', async () => {
  const { t } = await setUp()
  const owner = adminClient(t)
  await owner.login()
  const id = await applyAs(t, job.id, 'Ada Lovelace')
  const res = await owner.request('POST', `/api/admin/applications/${id}/emails`, {
    subject: 'Hello',
    body: 'Hi {{firstName}}',
  })
  expect(res.status).toBe(202)
  await t.mailSender!.runOnce()
  const [message] = await arrived('Hello')
  expect(message!.replyTo?.text).toBe('hiring@studio.test')
})

import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { unzipSync } from 'fflate'
import type { Browser, Page } from 'playwright-core'
import { jobs } from '../../src/content/jobs'
import { openDatabase } from '../../src/server/db/client'
import { applicationFiles, jobApplications } from '../../src/server/db/schema'
import { APPLICATION_MESSAGES } from '../../src/shared/application-rules'
import { tinyPdf } from '../support/documents'
import { activeJobs } from '../support/seed-jobs'
import { loopbackSmtp } from '../support/smtp'
import { ADMIN_PASSWORD, tab, toast } from './support/admin'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, shoot, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

/**
 * Issue 20's journey: the recruiter opens a job through the admin API (the admin screen that does it is
 * driven in admin-jobs.test.ts) and it is on /jobs at once; applicants apply to it with a PDF résumé with
 * JavaScript and without; the recruiter finds both, downloads the PDF, moves one to Interview with a note,
 * exports the list, deletes one and closes the job, whose page then says so. The hiring team and the
 * applicants get their emails through a real SMTP server on loopback.
 */
const smtp = loopbackSmtp()
let server: RunningServer
let browser: Browser
/** The recruiter's new job: a bundled one's texts under a title and slug of its own. */
const { id: _id, createdAt: _createdAt, ...template } = activeJobs(jobs)[0]!
const job = { ...template, title: 'Technical Artist, Plaza', slug: 'technical-artist-plaza', status: 'active' as const }
let adminCookie = ''
const asAdmin = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: server.url, cookie: adminCookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const pdf = tinyPdf('Curriculum vitae of a test applicant')
const resumeFile = { name: 'My CV.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) }

beforeAll(async () => {
  await smtp.listen()
  ;[server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, SMTP_URL: smtp.url, HIRING_EMAIL: 'hiring@studio.test' }),
    sharedBrowser(),
  ])
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  })
  adminCookie = login.headers.get('set-cookie')!.split(';')[0]!
  const created = await asAdmin('POST', '/api/admin/jobs', job)
  expect(created.status).toBe(201)
  expect(await (await fetch(`${server.url}/jobs`)).text()).toContain(job.title)
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
  await smtp.close()
})

async function stored() {
  const db = await openDatabase({ url: server.databaseUrl })
  const rows = await db.select().from(jobApplications)
  const files = await db.select().from(applicationFiles)
  db.$client.close()
  return { rows, files }
}

/** The messages with this subject, once one has reached the SMTP server. */
async function mailNamed(subject: string) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const found = smtp.received.filter((message) => message.subject === subject)
    if (found.length > 0 || Date.now() > deadline) return found
    await Bun.sleep(50)
  }
}

async function fill(page: Page, name: string) {
  const form = page.getByRole('form', { name: 'Apply for This Position' })
  await form.getByLabel('Full name').fill(name)
  await form.getByLabel('Email').fill(`${name.toLowerCase().replaceAll(' ', '.')}@example.com`)
  await form.getByLabel('Cover letter').fill('I build tools that artists love.')
  await form.getByLabel('Resume file').setInputFiles(resumeFile)
  return form
}

test('an applicant applies with a PDF résumé, with JavaScript and without', async () => {
  const { page, problems, close } = await openPage(browser)
  await page.goto(`${server.url}/jobs/${job.slug}`)
  await waitForHydration(page)
  await expectAccessible(page)
  const form = page.getByRole('form', { name: 'Apply for This Position' })

  // Text past a limit is kept, counted as over, and refused with a message: never cut silently.
  await form.getByLabel('Full name').pressSequentially('x'.repeat(55))
  expect(await form.getByLabel('Full name').inputValue()).toHaveLength(55)
  await form.getByText('5 characters over the limit').waitFor()
  await fill(page, 'Script Applicant')
  await form.getByLabel('Full name').fill('x'.repeat(55))
  await form.getByRole('button', { name: 'Submit Application' }).click()
  await toast(page, 'Full name is too long (at most 50 characters)')
  expect((await stored()).rows).toHaveLength(0)

  await form.getByLabel('Full name').fill('Script Applicant')
  await form.getByText('34 characters left').waitFor()
  // A web address typed without its scheme is completed as the field is left.
  await form.getByLabel('Portfolio URL').fill('portfolio.example.com')
  await form.getByLabel('Portfolio URL').press('Tab')
  expect(await form.getByLabel('Portfolio URL').inputValue()).toBe('https://portfolio.example.com')
  await shoot(page, 'apply-1280')
  await page.setViewportSize({ width: 375, height: 800 })
  await form.getByLabel('Cover letter').scrollIntoViewIfNeeded()
  await shoot(page, 'apply-375', { fullPage: false })
  await form.getByRole('button', { name: 'Submit Application' }).click()
  await toast(page, APPLICATION_MESSAGES.successTitle)
  // The form gives way to the confirmation, which stays, with the reference.
  await page.getByText(/^Your reference: APP-\d{6}$/).waitFor()
  expect(await form.count()).toBe(0)
  expect(problems).toEqual([])
  await close()

  const noScript = await openPage(browser, { javaScriptEnabled: false })
  await noScript.page.goto(`${server.url}/jobs/${job.slug}`)
  const plain = await fill(noScript.page, 'Plain Applicant')
  await plain.getByRole('button', { name: 'Submit Application' }).click()
  await noScript.page.waitForURL((url) => /^\?applied=APP-\d{6}$/.test(url.search))
  await noScript.page.getByText(APPLICATION_MESSAGES.successDescription).waitFor()
  await noScript.close()

  const { rows, files } = await stored()
  expect(rows.map((row) => row.fullName).sort()).toEqual(['Plain Applicant', 'Script Applicant'])
  expect(files.map((file) => [file.fileName, new Uint8Array(file.bytes)])).toEqual([
    ['My CV.pdf', pdf],
    ['My CV.pdf', pdf],
  ])
  // Each application: a notice to the hiring team and a confirmation to the applicant.
  const mail = await smtp.waitFor(4)
  expect(mail.map((message) => message.to && 'text' in message.to && message.to.text).sort()).toEqual([
    'hiring@studio.test',
    'hiring@studio.test',
    'plain.applicant@example.com',
    'script.applicant@example.com',
  ])
}, 180_000)

test('the privacy notice linked from the form reads the configured retention period', async () => {
  const { page, problems, close } = await openPage(browser)
  await page.goto(`${server.url}/jobs/${job.slug}`)
  await waitForHydration(page)
  const [notice] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: /privacy notice for applicants/ }).click(),
  ])
  await notice.waitForLoadState()
  await notice.getByRole('heading', { level: 1, name: 'Privacy notice for applicants' }).waitFor()
  await notice.getByText('deleted automatically 365 days after they arrive').waitFor()
  await expectAccessible(notice)
  expect(problems).toEqual([])
  await close()
})

test('the recruiter finds both, downloads the PDF, moves one to Interview with a note, exports and deletes', async () => {
  const { page, problems, close } = await openPage(browser, { acceptDownloads: true })
  const login = await page.request.post(`${server.url}/api/admin/login`, {
    data: { password: ADMIN_PASSWORD },
    headers: { origin: server.url },
  })
  expect(login.status()).toBe(200)
  await page.goto(`${server.url}/admin/blog`)
  await waitForHydration(page)
  await tab(page, 'Applications').click()
  const rows = page.locator('.admin-table--applications tbody tr')
  await rows.filter({ hasText: 'Script Applicant' }).waitFor()
  await rows.filter({ hasText: 'Plain Applicant' }).waitFor()
  await expectAccessible(page)

  await page.getByLabel('Search applications').fill('plain')
  expect(await rows.count()).toBeGreaterThan(0)
  await page.getByText('1 of 2 applications').waitFor()
  expect(await rows.allTextContents()).toEqual([expect.stringContaining('Plain Applicant')])
  await page.getByLabel('Search applications').fill('')
  await page.getByText('2 applications', { exact: true }).waitFor()

  await page.getByRole('button', { name: /Open the application of Script Applicant/ }).click()
  const detail = page.locator('.application-detail')
  await detail.getByRole('heading', { name: /Script Applicant/ }).waitFor()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    detail.getByRole('link', { name: /Download My CV\.pdf/ }).click(),
  ])
  expect(download.suggestedFilename()).toBe('My CV.pdf')
  expect(new Uint8Array(readFileSync((await download.path())!))).toEqual(pdf)

  // A status chosen is saved at once; its toast can undo it.
  await detail.getByLabel('Status').selectOption('rejected')
  await toast(page, /moved to Rejected/)
  await page.getByRole('button', { name: 'Undo' }).click()
  await toast(page, /moved to New/)
  await detail.getByText('Status: Rejected → New').waitFor()
  expect(await detail.getByLabel('Status').inputValue()).toBe('new')
  // A note being written survives a status change.
  await detail.getByLabel('Add a note').fill('Portfolio is strong; book a call.')
  await detail.getByLabel('Status').selectOption('interview')
  await toast(page, /moved to Interview/)
  await detail.getByText('Status: New → Interview').waitFor()
  expect(await detail.getByLabel('Add a note').inputValue()).toBe('Portfolio is strong; book a call.')
  // Another candidate opened meanwhile: the note waits, marked in the list, and the page warns before it is left.
  await page.getByRole('button', { name: /Open the application of Plain Applicant/ }).click()
  await detail.getByRole('heading', { name: /Plain Applicant/ }).waitFor()
  expect(await detail.getByLabel('Add a note').inputValue()).toBe('')
  await rows.filter({ hasText: 'Script Applicant' }).getByText('Note not saved').waitFor()
  const leaving = page.waitForEvent('dialog')
  void page.reload().catch(() => undefined)
  const warning = await leaving
  expect(warning.type()).toBe('beforeunload')
  await warning.dismiss()
  await page.getByRole('button', { name: /Open the application of Script Applicant/ }).click()
  await detail.getByRole('heading', { name: /Script Applicant/ }).waitFor()
  expect(await detail.getByLabel('Add a note').inputValue()).toBe('Portfolio is strong; book a call.')
  await detail.getByRole('button', { name: 'Save note' }).click()
  await toast(page, /saved/)
  await detail.getByText('Status: New → Interview').waitFor()
  await detail.getByText('Portfolio is strong; book a call.').waitFor()
  await rows.filter({ hasText: 'Script Applicant' }).getByText('Interview').waitFor()
  expect(await rows.filter({ hasText: 'Script Applicant' }).getByText('Note not saved').count()).toBe(0)
  // The timeline: the arrival, the emails it caused with their state, each change and note with who made it.
  const timeline = detail.getByRole('list', { name: 'Timeline' }).getByRole('listitem')
  expect(await timeline.first().textContent()).toContain('Script Applicant')
  await timeline
    .filter({ hasText: 'Confirmation to the applicant to script.applicant@example.com' })
    .getByText('sent')
    .waitFor()
  await expectAccessible(page)
  await shoot(page, 'admin-applications-1280')
  await page.setViewportSize({ width: 375, height: 800 })
  await shoot(page, 'admin-applications-375')
  await page.setViewportSize({ width: 1280, height: 900 })

  // Writing to the candidate: a template, previewed with their name, sent now through the outbox.
  const writing = detail.getByRole('form', { name: 'Write to Script' })
  await writing.getByLabel('Template').selectOption({ label: 'Interview invitation' })
  await writing.getByRole('region', { name: 'Preview' }).getByText(`Interview for ${job.title}`).waitFor()
  await writing
    .getByRole('region', { name: 'Preview' })
    .getByText(/^Hi Script,/)
    .waitFor()
  await writing.getByRole('button', { name: 'Send email' }).click()
  await toast(page, /Email to Script Applicant is on its way/)
  const [invitation] = await mailNamed(`Interview for ${job.title}`)
  expect(invitation!.text).toContain('Hi Script,')
  await detail.getByText(`Email to the candidate to script.applicant@example.com: Interview for ${job.title}`).waitFor()
  // Another for tomorrow at 9:00: it waits in the timeline, saying when it will go.
  await writing.getByLabel('Template').selectOption({ label: 'Free message' })
  await writing.getByRole('radio', { name: 'Tomorrow at 9:00 (your time)' }).check()
  await writing.getByRole('button', { name: 'Schedule email' }).click()
  await toast(page, /Email to Script Applicant scheduled for/)
  await detail
    .getByRole('list', { name: 'Timeline' })
    .getByText(/^scheduled for /)
    .waitFor()
  await expectAccessible(page)

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  const text = readFileSync((await csv.path())!, 'utf8')
  expect(text).toContain('Script Applicant')
  expect(text).toContain('Plain Applicant')
  expect(text).toContain('Interview')

  await page.getByRole('button', { name: /Open the application of Plain Applicant/ }).click()
  await detail.getByRole('heading', { name: /Plain Applicant/ }).waitFor()
  // The applicant asked for their data, then for it to be erased.
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    detail.getByRole('link', { name: 'Export for the applicant (zip)' }).click(),
  ])
  expect(exported.suggestedFilename()).toMatch(/^APP-\d{6}\.zip$/)
  const zipped = unzipSync(new Uint8Array(readFileSync((await exported.path())!)))
  expect(Object.keys(zipped).sort()).toEqual(['application.json', 'resume/My CV.pdf'])
  expect(zipped['resume/My CV.pdf']).toEqual(pdf)
  await detail.getByRole('button', { name: 'Delete application' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await toast(page, /deleted, with its résumé file/)
  await rows.filter({ hasText: 'Plain Applicant' }).waitFor({ state: 'detached' })
  const { rows: left, files } = await stored()
  expect(left.map((row) => [row.fullName, row.status])).toEqual([['Script Applicant', 'interview']])
  expect(files).toHaveLength(1)
  // Rejected with a template from the list: one confirmation naming the count, and the candidate is told.
  await page.getByRole('checkbox', { name: /Select Script Applicant/ }).check()
  const bar = page.getByRole('group', { name: 'Selected candidates' })
  await bar.getByLabel('Template').selectOption({ label: 'Rejection' })
  await bar.getByRole('button', { name: 'Reject with this template' }).click()
  await page.getByRole('dialog', { name: 'Reject 1 candidate?' }).getByRole('button', { name: 'Reject' }).click()
  await toast(page, /1 rejected and told/)
  await rows.filter({ hasText: 'Script Applicant' }).getByText('Rejected').waitFor()
  const [rejection] = await mailNamed(`Your application for ${job.title}`)
  expect(rejection!.text).toContain('Dear Script,')
  expect(await page.getByRole('group', { name: 'Selected candidates' }).count()).toBe(0)
  await expectAccessible(page)
  expect(problems).toEqual([])
  await close()

  const [opened] = ((await (await asAdmin('GET', '/api/admin/jobs')).json()) as { id: number; slug: string }[]).filter(
    (listed) => listed.slug === job.slug,
  )
  expect((await asAdmin('PUT', `/api/admin/jobs/${opened!.id}`, { ...job, status: 'closed' })).status).toBe(200)
  const closed = await fetch(`${server.url}/jobs/${job.slug}`)
  expect(closed.status).toBe(410)
  expect(await closed.text()).toContain('This role is closed')
}, 180_000)

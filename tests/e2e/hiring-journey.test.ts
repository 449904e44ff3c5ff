import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import type { ApplicationSummary } from '../../src/shared/application-pipeline'
import type { EmailTemplate } from '../../src/shared/candidate-email'
import type { AdminJob } from '../../src/shared/jobs'
import { invitationIn } from '../support/calendar'
import { loopbackSmtp } from '../support/smtp'
import { STAFF_TEST_PASSWORD } from '../support/staff'
import { ADMIN_PASSWORD, tab, toast } from './support/admin'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, shoot, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

/**
 * Issue 40's journey, with a real SMTP server on loopback: a recruiter creates a job with two questions of
 * its own, a hiring team and a scorecard; an applicant applies on a phone; the recruiter invites them to an
 * interview (the email's calendar part parsed as a calendar client would); both interviewers submit
 * scorecards, the second seeing the first's only once theirs is in; and the candidate is rejected with a
 * template sent half a minute later, which arrives then and not before.
 */
const smtp = loopbackSmtp()
let server: RunningServer
let browser: Browser
let ownerCookie = ''
const TITLE = 'Lighting Artist, Harbour'

beforeAll(async () => {
  await smtp.listen()
  ;[server, browser] = await Promise.all([
    // Its SITE_URL is where it is served, so the links in its emails lead back to it.
    startServer({ ADMIN_PASSWORD, SMTP_URL: smtp.url, HIRING_EMAIL: 'hiring@studio.test' }, { onLocalhost: true }),
    sharedBrowser(),
  ])
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  })
  ownerCookie = login.headers.get('set-cookie')!.split(';')[0]!
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
  await smtp.close()
})

/**
 * A staff member invited by the owner, joined and signed in in a browser context of their own, with the
 * administration open unless `admin` is false (an interviewer's first page is the link their invitation brings).
 */
async function staffPage(email: string, role: string, name: string, { admin = true } = {}) {
  const invited = await fetch(`${server.url}/api/admin/staff/invitations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: ownerCookie },
    body: JSON.stringify({ email, role }),
  })
  const { inviteUrl } = (await invited.json()) as { inviteUrl: string }
  const tracked = await openPage(browser)
  const accepted = await tracked.page.request.post(
    `${server.url}/api/admin/invitations/${inviteUrl.split('/').at(-1)}/accept`,
    { data: { name, password: STAFF_TEST_PASSWORD }, headers: { origin: server.url } },
  )
  expect(accepted.status()).toBe(200)
  if (admin) {
    await tracked.page.goto(`${server.url}/admin/blog`)
    await waitForHydration(tracked.page)
  }
  return tracked
}

/** Messages to `address` with this subject, once `count` have arrived. */
async function mailTo(address: string, subject: string | RegExp, count = 1, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = smtp.received.filter(
      (mail) =>
        JSON.stringify(mail.to).includes(address) &&
        (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject ?? '')),
    )
    if (found.length >= count) return found
    if (Date.now() > deadline) throw new Error(`no "${subject}" to ${address}`)
    await Bun.sleep(100)
  }
}

/** The candidate's page in the admin, opened from the Applications tab, or from an email's link. */
async function openCandidate(page: Page, name: string, link?: string) {
  if (link) {
    await page.goto(link)
    await waitForHydration(page)
  } else {
    await tab(page, 'Applications').click()
    await page.getByRole('button', { name: new RegExp(`Open the application of ${name}`) }).click()
  }
  const detail = page.locator('.application-detail')
  await detail.getByRole('heading', { name: new RegExp(name) }).waitFor()
  return detail
}

/** The link to the candidate in an interviewer's invitation. */
const candidateLink = async (address: string) =>
  /http:\/\/\S+\/admin\/blog\?application=\d+/.exec((await mailTo(address, /^Interview with/))[0]!.text ?? '')![0]

/** An interviewer's scorecard: each attribute rated, an overall recommendation, a note. */
async function score(page: Page, ratings: Record<string, string>, overall: string, note: string) {
  const form = page.getByRole('form', { name: /Your scorecard/ })
  for (const [attribute, rating] of Object.entries(ratings))
    await form.getByRole('group', { name: attribute }).getByRole('radio', { name: rating, exact: true }).check()
  await form
    .getByRole('group', { name: 'Overall recommendation' })
    .getByRole('radio', { name: overall, exact: true })
    .check()
  await form.getByLabel('Note (optional)').fill(note)
  await form.getByRole('button', { name: 'Submit scorecard' }).click()
  await toast(page, 'Scorecard submitted')
}

test('a job with questions, a team and a scorecard; an application from a phone; an interview; two scorecards; a scheduled rejection', async () => {
  const rae = await staffPage('rae@studio.test', 'recruiter', 'Rae Recruiter')
  const ivan = await staffPage('ivan@studio.test', 'contributor', 'Ivan Interviewer', { admin: false })
  const iris = await staffPage('iris@studio.test', 'contributor', 'Iris Interviewer', { admin: false })
  const { page } = rae

  // The recruiter's job: two questions of its own, then its team and scorecard once it exists.
  await tab(page, 'Jobs').click()
  await page.getByRole('button', { name: 'New job' }).click()
  await page.getByLabel('Title', { exact: true }).fill(TITLE)
  await page.getByLabel('Department').fill('Art')
  await page.getByLabel('Status').selectOption('active')
  await page.getByLabel('City', { exact: true }).fill('Austin')
  await page.getByLabel('Country', { exact: true }).selectOption('US')
  await page.getByLabel('From', { exact: true }).fill('80,000')
  await page.getByLabel('Description').fill('Light the harbour at dusk.')
  await page.getByRole('textbox', { name: 'Responsibility 1', exact: true }).fill('Light scenes')
  await page.getByRole('textbox', { name: 'Requirement 1', exact: true }).fill('A lit portfolio')
  await page.getByRole('textbox', { name: 'Benefit 1', exact: true }).fill('Health cover')
  await page.getByRole('button', { name: 'Add a question' }).click()
  await page.keyboard.type('Which renderer do you know best?')
  await page.getByLabel('Answer').first().selectOption('choice')
  await page.getByLabel('Options of question 1, one per line').fill('Arnold\nRedMan\nCycles')
  await page.getByRole('checkbox', { name: 'Required' }).first().check()
  await page.getByRole('button', { name: 'Add a question' }).click()
  await page.keyboard.type('Can you start in January?')
  await page.getByLabel('Answer').nth(1).selectOption('yes-no')
  await page.getByRole('button', { name: 'Create job' }).click()
  await toast(page, `Job "${TITLE}" created`)
  await page.getByRole('button', { name: `Edit "${TITLE}"` }).click()
  const team = page.getByRole('group', { name: 'Hiring team' })
  for (const name of ['Ivan Interviewer', 'Iris Interviewer']) {
    await team.getByLabel('Add').selectOption({ label: name })
    await team.getByLabel('As').selectOption('interviewer')
    await team.getByRole('button', { name: 'Add to the team' }).click()
    await team.getByLabel(`Role of ${name}`).waitFor()
  }
  const scorecard = page.getByRole('group', { name: 'Scorecard' })
  for (const attribute of ['Lighting craft', 'Collaboration']) {
    await scorecard.getByLabel('Attribute').fill(attribute)
    await scorecard.getByLabel('Attribute').press('Enter')
    await scorecard.getByText(attribute, { exact: true }).waitFor()
  }
  await expectAccessible(page)
  await shoot(page, 'job-team-and-scorecard')

  // The applicant, on a phone.
  const [job] = (
    await (await fetch(`${server.url}/api/admin/jobs`, { headers: { cookie: ownerCookie } })).json()
  ).filter((one: AdminJob) => one.title === TITLE) as AdminJob[]
  const applicant = await openPage(browser, { viewport: { width: 375, height: 740 }, hasTouch: true })
  const phone = applicant.page
  await phone.goto(`${server.url}/jobs/${job!.slug}`)
  await waitForHydration(phone)
  await phone.getByRole('link', { name: 'Apply for this role' }).click()
  const form = phone.getByRole('form', { name: 'Apply for This Position' })
  await form.getByLabel('Full name').fill('Ada Lovelace')
  await form.getByLabel('Email').fill('ada@example')
  await form.getByLabel('Portfolio URL').fill('ada.example.com/lighting')
  await form.getByLabel('Cover letter').fill('I light things.')
  await form.getByLabel('Resume text').fill('Ten years of lighting.')
  await form.getByRole('radio', { name: 'Arnold' }).check()
  await form.getByRole('radio', { name: 'Yes' }).check()
  await form.getByRole('button', { name: 'Submit Application' }).click()
  expect(await form.getByLabel('Portfolio URL').inputValue()).toBe('https://ada.example.com/lighting')
  await phone.locator('#apply-email-error').getByText('Email must be a valid email address').waitFor()
  await expectAccessible(phone)
  await form.getByLabel('Email').fill('ada@example.com')
  await form.getByRole('button', { name: 'Submit Application' }).click()
  const reference = (await phone.getByText(/^Your reference: APP-\d{6}$/).textContent())!.slice(-10)
  await shoot(phone, 'applied-on-a-phone')
  expect(applicant.problems).toEqual([])

  // The interview: in two days at 10:00 (the browser's time, this machine's), with both interviewers.
  const startsAt = new Date(Date.now() + 2 * 86_400_000)
  startsAt.setHours(10, 0, 0, 0)
  const local = `${startsAt.getFullYear()}-${String(startsAt.getMonth() + 1).padStart(2, '0')}-${String(startsAt.getDate()).padStart(2, '0')}T10:00`
  const detail = await openCandidate(page, 'Ada Lovelace')
  await detail.getByRole('button', { name: 'Schedule an interview' }).click()
  await detail.getByLabel('Starts (your time)').fill(local)
  await detail.getByLabel('Length').selectOption('60')
  await detail.getByLabel('Place or video link').fill('https://meet.example.com/harbour')
  await detail.getByRole('checkbox', { name: 'Ivan Interviewer' }).check()
  await detail.getByRole('checkbox', { name: 'Iris Interviewer' }).check()
  await expectAccessible(page)
  await detail.getByRole('button', { name: 'Schedule and invite' }).click()
  await toast(page, 'Interview scheduled: 3 invitations on their way')
  await detail.locator('.interview').getByText('https://meet.example.com/harbour').waitFor()
  const [invitation] = await mailTo('ada@example.com', `Interview for ${TITLE}`)
  const event = invitationIn(invitation!)
  expect(event).toMatchObject({
    method: 'REQUEST',
    partMethod: 'REQUEST',
    start: startsAt.toISOString(),
    end: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    location: 'https://meet.example.com/harbour',
  })
  expect(event.attendees).toEqual(['ada@example.com'])
  const forIvan = invitationIn((await mailTo('ivan@studio.test', /^Interview with Ada Lovelace/))[0]!)
  expect([forIvan.uid, forIvan.organizer]).toEqual([event.uid, 'hiring@studio.test'])
  expect(forIvan.attendees.sort()).toEqual(['ada@example.com', 'iris@studio.test', 'ivan@studio.test'])
  await shoot(page, 'interview-scheduled')

  // Rejected with the rejection template, sent half a minute from now: the outbox holds it until then.
  const templates = (await (await page.request.get(`${server.url}/api/admin/email-templates`)).json()) as {
    templates: EmailTemplate[]
  }
  const rejection = templates.templates.find((template) => template.name === 'Rejection')!
  const applications = (await (
    await page.request.get(`${server.url}/api/admin/applications`)
  ).json()) as ApplicationSummary[]
  const ada = applications.find((one) => one.reference === reference)!
  const sendAt = Date.now() + 30_000
  const rejected = await page.request.post(`${server.url}/api/admin/applications/bulk-reject`, {
    data: { ids: [ada.id], templateId: rejection.id, sendAt: new Date(sendAt).toISOString() },
    headers: { origin: server.url },
  })
  expect(await rejected.json()).toEqual({ done: [ada.id], failed: [] })
  // The recruiter's timeline, opened again, says the rejection is scheduled.
  await tab(page, 'Jobs').click()
  const again = await openCandidate(page, 'Ada Lovelace')
  await again.getByText(/scheduled for/).waitFor()

  // The first interviewer scores with no one else's in view; the second sees it only after submitting.
  const ivanDetail = await openCandidate(ivan.page, 'Ada Lovelace', await candidateLink('ivan@studio.test'))
  await ivanDetail.getByText('No scorecard yet.').waitFor()
  // On a phone the candidate's page is one column: the interviews, then the scorecard to write.
  await ivan.page.setViewportSize({ width: 375, height: 900 })
  await expectAccessible(ivan.page)
  await shoot(ivan.page, 'scorecard-form-narrow')
  await ivan.page.setViewportSize({ width: 1280, height: 900 })
  await score(
    ivan.page,
    { 'Lighting craft': '4 · Strong', Collaboration: '3 · Good' },
    'Strong yes',
    'Lovely dusk work.',
  )
  await ivanDetail.locator('.scorecards__card').getByText('Lovely dusk work.').waitFor()

  const irisDetail = await openCandidate(iris.page, 'Ada Lovelace', await candidateLink('iris@studio.test'))
  await irisDetail.getByText('1 scorecard is in. You see them once yours is submitted.').waitFor()
  expect(await irisDetail.getByText('Lovely dusk work.').count()).toBe(0)
  await expectAccessible(iris.page)
  await score(iris.page, { 'Lighting craft': '3 · Good', Collaboration: '2 · Mixed' }, 'Yes', 'Solid, quiet.')
  await irisDetail.locator('.scorecards__card').getByText('Lovely dusk work.').waitFor()
  await irisDetail.getByText('2 scorecards: Strong yes 1 · Yes 1 · No 0 · Definitely not 0').waitFor()
  await irisDetail.getByRole('row', { name: 'Lighting craft 3.5' }).waitFor()
  await shoot(iris.page, 'scorecards-after-submitting')
  await expectAccessible(iris.page)

  // The rejection arrives at its time, not before.
  const [told] = await mailTo('ada@example.com', `Your application for ${TITLE}`, 1, 90_000)
  expect(Date.now()).toBeGreaterThanOrEqual(sendAt)
  expect(told!.date!.getTime()).toBeGreaterThanOrEqual(sendAt - 1000)
  expect(told!.text).toContain('Dear Ada')
  for (const tracked of [rae, ivan, iris]) expect(tracked.problems).toEqual([])
}, 180_000)

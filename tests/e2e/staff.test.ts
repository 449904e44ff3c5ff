import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { type LoopbackSmtp, loopbackSmtp } from '../support/smtp'
import { ownerPastSetup, tab, toast } from './support/admin'
import {
  closeOpenPages,
  expectAccessible,
  openPage,
  sharedBrowser,
  shoot,
  type TrackedPage,
  waitForHydration,
} from './support/browser'
import { type RunningServer, startServer } from './support/server'

const ADMIN_PASSWORD = 'e2e-owner-password-789'
const STAFF_PASSWORD = 'violet kettle marching 42'
let server: RunningServer
let browser: Browser
let smtp: LoopbackSmtp
const pages: TrackedPage[] = []

beforeAll(async () => {
  smtp = loopbackSmtp()
  await smtp.listen()
  // On localhost, not 127.0.0.1: a passkey's relying party is a host name.
  ;[server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, SMTP_URL: smtp.url, HIRING_EMAIL: 'hiring@studio.test' }, { onLocalhost: true }),
    sharedBrowser(),
  ])
  await ownerPastSetup(server.url, ADMIN_PASSWORD)
})
afterAll(async () => {
  await closeOpenPages()
  for (const tracked of pages) expect(tracked.problems.filter((p) => !/401|403/.test(p))).toEqual([])
  await server?.stop()
  await smtp?.close()
})

async function newPage() {
  const tracked = await openPage(browser)
  pages.push(tracked)
  return tracked.page
}

async function signInAsOwner(page: Page) {
  await page.goto(`${server.url}/admin/login`)
  await waitForHydration(page)
  await page.getByLabel('Admin Password').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(`${server.url}/admin/blog`)
  await page.getByRole('tab', { name: 'Staff' }).waitFor()
}

async function invite(page: Page, email: string, role: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Role', { exact: true }).selectOption(role)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await toast(page, `Invitation sent to ${email}`)
}

const sentTo = (email: string) => smtp.received.find((m) => m.to && 'text' in m.to && m.to.text === email)

/** The message sent to `email`, once it has arrived. */
async function mailTo(email: string) {
  for (let waited = 0; !sentTo(email) && waited < 20_000; waited += 50) await Bun.sleep(50)
  return sentTo(email)!
}

/** Opens the link of the invitation emailed to `email` and joins with `name`. */
async function acceptFromEmail(page: Page, email: string, name: string) {
  const message = await mailTo(email)
  const link = /http:\/\/\S+\/admin\/invitation\/\S+/.exec(message.text ?? '')![0]
  await page.goto(link)
  await waitForHydration(page)
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD)
  await page.getByLabel('Password again').fill(STAFF_PASSWORD)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Join the staff' }).click()
  await page.waitForURL(`${server.url}/admin/blog`)
  await page.getByText(`Signed in as ${name}`).waitFor()
}

test('the owner invites an Author and a Recruiter by email; each joins and works within their role; a suspension signs the Author out', async () => {
  const owner = await newPage()
  await signInAsOwner(owner)
  await tab(owner, 'Staff').click()
  await invite(owner, 'ada@studio.test', 'author')
  await invite(owner, 'rui@studio.test', 'recruiter')
  await owner
    .getByRole('row', { name: /rui@studio\.test/ })
    .getByText('Invited')
    .waitFor()
  await expectAccessible(owner)
  await shoot(owner, 'staff-tab')
  await mailTo('ada@studio.test')
  await mailTo('rui@studio.test')

  // The Author: no Applications tab, and on no job's hiring team the API shows them no candidate; writes and
  // publishes a post with a byline.
  const author = await newPage()
  await acceptFromEmail(author, 'ada@studio.test', 'Ada Author')
  expect(await author.getByRole('tab').allTextContents()).toEqual(['All Posts', 'Add Post', 'Media', 'Security'])
  const candidates = await author.request.get(`${server.url}/api/admin/applications`)
  expect([candidates.status(), await candidates.json()]).toEqual([200, []])
  await tab(author, 'Add Post').click()
  await author.getByLabel('Title', { exact: true }).fill('Level design notes')
  await author.locator('.ql-editor').click()
  await author.keyboard.type('Start with the player’s first minute.')
  await author.getByLabel('Status').selectOption('published')
  await author.getByRole('button', { name: 'Save Post' }).click()
  await toast(author, 'Post created successfully')

  const reader = await newPage()
  await reader.goto(`${server.url}/blog/level-design-notes`)
  await waitForHydration(reader)
  await reader.getByRole('link', { name: 'Ada Author' }).click()
  await reader.waitForURL(`${server.url}/blog/author/ada-author`)
  await reader.getByRole('heading', { level: 1, name: 'Ada Author' }).waitFor()
  await reader
    .getByRole('link', { name: /Level design notes/ })
    .first()
    .waitFor()
  await expectAccessible(reader)
  await shoot(reader, 'author-page')

  // The Recruiter moves an application and notes it: the history names them.
  const job = ((await (await fetch(`${server.url}/api/jobs`)).json()) as { id: number }[])[0]!
  const applied = await fetch(`${server.url}/api/job-applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      jobId: job.id,
      fullName: 'Grace Applicant',
      email: 'grace@example.com',
      coverLetter: 'Levels.',
      resumeText: 'CV',
    }),
  })
  expect(applied.status).toBe(201)
  const recruiter = await newPage()
  await acceptFromEmail(recruiter, 'rui@studio.test', 'Rui Recruiter')
  await tab(recruiter, 'Applications').click()
  await recruiter.getByRole('button', { name: /Open the application of Grace Applicant/ }).click()
  const detail = recruiter.locator('.application-detail')
  await detail.getByLabel('Status').selectOption('interview')
  await detail.getByText('Status: New → Interview').waitFor()
  await detail.getByLabel('Add a note').fill('Strong portfolio.')
  await detail.getByRole('button', { name: 'Save note' }).click()
  await detail.getByRole('listitem').filter({ hasText: 'Strong portfolio.' }).getByText('Rui Recruiter').waitFor()
  await expectAccessible(recruiter)

  // Suspended: the Author's open tab is signed out at its next request.
  await tab(owner, 'Security').click()
  await tab(owner, 'Staff').click()
  await owner
    .getByRole('row', { name: /ada@studio\.test/ })
    .getByRole('button', { name: /Suspend/ })
    .click()
  await owner.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click()
  await toast(owner, 'Ada Author is suspended and signed out')
  await tab(author, 'Add Post').click()
  await author.getByLabel('Title', { exact: true }).fill('One more')
  await author.locator('.ql-editor').click()
  await author.keyboard.type('Never saved.')
  await author.getByRole('button', { name: 'Save Post' }).click()
  await author.waitForURL(/\/admin\/login/)
  await author.getByRole('heading', { name: 'Admin Login' }).waitFor()

  // Removed, the Author's posts may go only to someone who writes posts: the Recruiter is not offered.
  await owner
    .getByRole('row', { name: /ada@studio\.test/ })
    .getByRole('button', { name: /Remove/ })
    .click()
  const removal = owner.getByRole('dialog')
  const choices = await removal.getByLabel('Their posts').locator('option').allTextContents()
  expect(choices[0]).toBe("Keep them, with Ada Author's name")
  expect(choices.length).toBeGreaterThan(1)
  expect(choices.filter((choice) => choice.includes('Rui'))).toEqual([])
  await expectAccessible(owner)
  await shoot(owner, 'staff-remove', { fullPage: false })
  await removal.getByLabel('Their posts').selectOption({ label: choices[1]! })
  await removal.getByRole('button', { name: 'Remove' }).click()
  await toast(owner, 'Ada Author was removed from the staff')
  // The post's byline names who took it over.
  await reader.goto(`${server.url}/blog/level-design-notes`)
  await reader
    .getByRole('link', { name: choices[1]!.replace('Give them to ', ''), exact: true })
    .first()
    .waitFor()
  expect(await reader.getByRole('link', { name: 'Ada Author' }).count()).toBe(0)
}, 120_000)

/** Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform passkey that verifies its user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

test('the owner adds a passkey; a new staff member joins with one, signs out, and signs in with it alone', async () => {
  const owner = await newPage()
  await addVirtualAuthenticator(owner)
  await signInAsOwner(owner)
  await tab(owner, 'Security').click()
  await owner.getByLabel('Name of this passkey').fill('Work laptop')
  await owner.getByRole('button', { name: 'Add a passkey' }).click()
  await toast(owner, /Passkey added/)
  await owner.getByRole('listitem').filter({ hasText: 'Work laptop' }).waitFor()
  await expectAccessible(owner)
  await shoot(owner, 'security-passkeys')
  await tab(owner, 'Staff').click()
  await invite(owner, 'pat@studio.test', 'editor')

  // Joins with a passkey instead of a password, from the emailed link.
  const page = await newPage()
  await addVirtualAuthenticator(page)
  const message = await mailTo('pat@studio.test')
  await page.goto(/http:\/\/\S+\/admin\/invitation\/\S+/.exec(message.text ?? '')![0])
  await waitForHydration(page)
  await page.getByLabel('Your name').fill('Pat Editor')
  await page.getByRole('button', { name: 'Join with a passkey instead' }).click()
  await page.waitForURL(`${server.url}/admin/blog`)
  await page.getByText('Signed in as Pat Editor').waitFor()

  await page.getByRole('button', { name: 'Log out' }).click()
  await page.waitForURL(`${server.url}/admin/login`)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await page.waitForURL(`${server.url}/admin/blog`)
  await page.getByText('Signed in as Pat Editor · Editor').waitFor()
  const check = (await (await page.request.get(`${server.url}/api/admin/check`)).json()) as { user: { name: string } }
  expect(check.user.name).toBe('Pat Editor')
}, 60_000)

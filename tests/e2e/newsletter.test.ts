import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { ParsedMail } from 'mailparser'
import type { Browser } from 'playwright-core'
import { NEWSLETTER_MESSAGES, ONE_CLICK_BODY } from '../../src/shared/newsletter'
import { loopbackSmtp } from '../support/smtp'
import { ADMIN_PASSWORD, tab, toast } from './support/admin'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, shoot, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

/**
 * Issue 41's journey, with a real SMTP server on loopback: a reader subscribes at the end of a post on a
 * phone and confirms from the email; the owner publishes a post with "Email this post to subscribers"
 * ticked; the reader receives it (HTML and text), opens its preferences, and the one-click unsubscribe in
 * its headers removes them.
 */
const smtp = loopbackSmtp()
let server: RunningServer
let browser: Browser
const READER = 'reader@example.com'

beforeAll(async () => {
  await smtp.listen()
  ;[server, browser] = await Promise.all([
    // Its SITE_URL is where it is served, so the links in its emails lead back to it.
    startServer({ ADMIN_PASSWORD, SMTP_URL: smtp.url, NEWSLETTER_PER_SECOND: '50' }, { onLocalhost: true }),
    sharedBrowser(),
  ])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
  await smtp.close()
})

async function mailTo(address: string, subject: RegExp, timeoutMs = 20_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = smtp.received.find(
      (mail) => JSON.stringify(mail.to).includes(address) && subject.test(mail.subject ?? ''),
    )
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no "${subject}" to ${address}`)
    await Bun.sleep(100)
  }
}

const linkIn = (text: string | undefined, path: string) =>
  new RegExp(`(http://localhost:\\d+${path}/\\S+)`).exec(text ?? '')?.[1] ?? ''

test('subscribe on a phone, confirm from the email, get the next post by email, unsubscribe in one click', async () => {
  const phone = await openPage(browser, { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true })
  const { page } = phone
  await page.goto(`${server.url}/blog/golf-cart-gamepass`)
  await waitForHydration(page)
  const form = page.getByRole('complementary', { name: /Follow/ })
  await form.getByLabel('Email').fill('not an address')
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await form.getByText(NEWSLETTER_MESSAGES.emailInvalid).waitFor()
  await form.getByLabel('Email').fill(READER)
  await form.getByLabel('Name (optional)').fill('Rae')
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await form.getByText(NEWSLETTER_MESSAGES.sent).waitFor()
  await expectAccessible(page)
  await shoot(page, 'newsletter-subscribed-375', { fullPage: false })

  const confirmation = await mailTo(READER, /Confirm your subscription/)
  await page.goto(linkIn(confirmation.text, '/subscribe/confirm'))
  await waitForHydration(page)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Confirm subscription' }).click()
  await page.getByText(NEWSLETTER_MESSAGES.confirmed).waitFor()
  await page.getByText(READER).waitFor()
  await expectAccessible(page)
  await shoot(page, 'newsletter-preferences-375')

  const owner = await openPage(browser)
  const admin = owner.page
  const login = await admin.request.post(`${server.url}/api/admin/login`, {
    data: { password: ADMIN_PASSWORD },
    headers: { origin: server.url },
  })
  expect(login.status()).toBe(200)
  await admin.goto(`${server.url}/admin/blog`)
  await waitForHydration(admin)
  // The subscriber is on the editors' list, with the counts.
  await tab(admin, 'Subscribers').click()
  await admin.getByRole('rowheader', { name: READER }).waitFor({ timeout: 15_000 })
  await admin.getByText(/1 subscribed/).waitFor()
  await expectAccessible(admin)
  await shoot(admin, 'newsletter-subscribers-tab')
  await tab(admin, 'Add Post').click()
  await admin.getByLabel('Title', { exact: true }).fill('Lantern Night on the Plaza')
  await admin.getByLabel('Excerpt').fill('Lanterns, music and a parade.')
  await admin.locator('.ql-editor').click()
  await admin.keyboard.type('Bring a lantern and join the parade at dusk.')
  await admin.getByLabel('Status').selectOption('published')
  await admin.getByRole('checkbox', { name: 'Email this post to subscribers' }).check()
  await expectAccessible(admin)
  await admin.getByRole('button', { name: 'Save Post' }).click()
  await toast(admin, 'Post created successfully')

  const issue = await mailTo(READER, /Lantern Night on the Plaza/)
  expect(issue.html).toContain('Bring a lantern and join the parade at dusk.')
  expect(issue.html).toMatch(
    // Tagged as the newsletter's, for the site's analytics.
    /<a href="http:\/\/localhost:\d+\/blog\/lantern-night-on-the-plaza\?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=lantern-night-on-the-plaza">Read it on the site<\/a>/,
  )
  expect(issue.text).toContain('Bring a lantern and join the parade at dusk.')
  const oneClick = linkIn(issue.text, '/subscribe/unsubscribe')
  expect(issue.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toContain(ONE_CLICK_BODY)
  expect(issue.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toContain(oneClick)

  // The editor says how it went.
  await admin.getByRole('button', { name: 'Edit "Lantern Night on the Plaza"' }).click()
  await admin.getByText(/Sent to 1 of 1 subscribers/).waitFor({ timeout: 20_000 })
  await shoot(admin, 'newsletter-editor-sent')

  // The email's preferences link works; its unsubscribe page asks first.
  await page.goto(linkIn(issue.text, '/subscribe/preferences'))
  await page.getByText(READER).waitFor()
  await page.goto(oneClick)
  await page.getByRole('button', { name: 'Unsubscribe' }).waitFor()
  await expectAccessible(page)

  // The one-click POST a mail provider sends (RFC 8058) removes the subscriber.
  const posted = await fetch(oneClick, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: ONE_CLICK_BODY,
  })
  expect(posted.status).toBe(200)
  await page.goto(linkIn(issue.text, '/subscribe/preferences'))
  await page.getByText(NEWSLETTER_MESSAGES.unknownSubscriber).waitFor()
  expect(phone.problems.filter((problem) => !/404/.test(problem))).toEqual([])
  expect(owner.problems).toEqual([])
})

test('without JavaScript the footer form lands on /subscribe, which says what happened', async () => {
  const { page } = await openPage(browser, { javaScriptEnabled: false })
  await page.goto(`${server.url}/jobs`)
  const footer = page.locator('footer')
  await footer.getByLabel('Email').fill('quiet@example.com')
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await page.waitForURL(/\/subscribe\/sent$/)
  await page.getByText(NEWSLETTER_MESSAGES.sent).waitFor()
  await mailTo('quiet@example.com', /Confirm your subscription/)
  // axe runs in the page: the same address, with JavaScript.
  const { page: checked } = await openPage(browser)
  await checked.goto(page.url())
  await waitForHydration(checked)
  await checked.getByText(NEWSLETTER_MESSAGES.sent).waitFor()
  await expectAccessible(checked)
})

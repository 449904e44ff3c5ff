import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { ADMIN_PASSWORD, tab, toast } from './support/admin'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, shoot, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

/** The site before the event's day, and again (same database) the day after it. */
const BEFORE = '2027-07-10T12:00:00Z'
const AFTER = '2027-07-15T12:00:00Z'

let browser: Browser
let server: RunningServer
const dir = mkdtempSync(join(tmpdir(), 'site-e2e-event-'))
const env = { ADMIN_PASSWORD, DATABASE_URL: `file:${join(dir, 'site.db')}` }

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ ...env, TEST_NOW: BEFORE }), sharedBrowser()])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

async function open(page: Page, path: string) {
  await page.goto(`${server.url}${path}`)
  await waitForHydration(page)
}

test('the Event panel changes the event page and the home page', async () => {
  const { page, problems, close } = await openPage(browser)
  const login = await page.request.post(`${server.url}/api/admin/login`, {
    data: { password: ADMIN_PASSWORD },
    headers: { origin: server.url },
  })
  expect(login.status()).toBe(200)
  // The spec's event until the administrator changes it; its day (2025) is long past.
  await open(page, '/rdc25')
  await page.getByText('Sept 5, 2025').waitFor()
  await expectAccessible(page)
  await open(page, '/')
  expect(await page.locator('.hero__event-link').count()).toBe(0)
  await expectAccessible(page)

  await open(page, '/admin/blog')
  await tab(page, 'Event').click()
  await page.getByRole('heading', { name: 'Event', exact: true }).waitFor()
  expect(await page.getByLabel('Location').inputValue()).toBe('TBA')
  await expectAccessible(page)
  await page.getByLabel('Title', { exact: true }).fill('')
  await page.getByRole('button', { name: 'Save Event' }).click()
  await page.getByText('Title is required').waitFor()
  await page.getByLabel('Title', { exact: true }).fill('Summer Jam')
  await page.getByLabel('Date').fill('2027-07-14')
  await page.getByLabel('Location').fill('Pier 9, Harbour Town')
  await page.getByLabel('Description').fill('An evening of music and games on the pier.')
  await page.getByLabel('RSVP button label').fill('Reply on the forum')
  await page.getByLabel('RSVP link').fill('https://forum.example.com/summer-jam')
  await shoot(page, 'event-panel-1280')
  await page.getByRole('button', { name: 'Save Event' }).click()
  await toast(page, 'Event saved')

  await open(page, '/rdc25')
  await page.getByRole('heading', { level: 1, name: 'Summer Jam' }).waitFor()
  for (const text of ['July 14, 2027', 'Pier 9, Harbour Town', 'An evening of music and games on the pier.'])
    await page.getByText(text).waitFor()
  const rsvp = page.getByRole('link', { name: /Reply on the forum/ })
  expect(await rsvp.getAttribute('href')).toBe('https://forum.example.com/summer-jam')
  await expectAccessible(page)

  await open(page, '/')
  const promo = page.locator('.hero__event-link')
  expect(await promo.textContent()).toBe('Invite-only: Summer JamJuly 14, 2027 ›')
  await expectAccessible(page)
  await shoot(page, 'home-event-promo-1280', { fullPage: false })
  await promo.click()
  await page.waitForURL(`${server.url}/rdc25`)
  await page.getByRole('heading', { level: 1, name: 'Summer Jam' }).waitFor()
  expect(problems).toEqual([])
  await close()
})

test('with a clock after the event day, the home page no longer promotes it', async () => {
  await server.stop()
  server = await startServer({ ...env, TEST_NOW: AFTER })
  const { page, problems, close } = await openPage(browser, { viewport: { width: 375, height: 740 } })
  await open(page, '/')
  await page.getByRole('heading', { level: 1, name: 'Innovative Entertainment' }).waitFor()
  expect(await page.locator('.hero__event-link').count()).toBe(0)
  await expectAccessible(page)
  // The event page still shows what the administrator set.
  await open(page, '/rdc25')
  await page.getByRole('heading', { level: 1, name: 'Summer Jam' }).waitFor()
  await expectAccessible(page)
  await shoot(page, 'event-page-375')
  expect(problems).toEqual([])
  await close()
})

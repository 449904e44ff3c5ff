import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { ADMIN_PASSWORD, ownerPastSetup, tab, toast } from './support/admin'
import {
  closeOpenPages,
  expectAccessible,
  openPage,
  sharedBrowser,
  shoot,
  shootNarrow,
  waitForHydration,
} from './support/browser'
import { type RunningServer, startServer } from './support/server'

/** The site a few days before the new event, and again (same database) the day after it. */
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

test('an administrator adds a second event: its page, calendar and the home page promote it while upcoming', async () => {
  const { page, problems, close } = await openPage(browser)
  const cookie = await ownerPastSetup(server.url)
  await page
    .context()
    .addCookies([{ name: cookie.split('=')[0]!, value: cookie.split('=').slice(1).join('='), url: server.url }])
  // The spec's event: its day (2025) is long past, so its page says so and the home page does not promote it.
  await open(page, '/rdc25')
  await page.getByText('Sept 5, 2025').waitFor()
  await page.getByText('This event has ended.').waitFor()
  expect(await page.getByRole('link', { name: /RSVP via Discord/ }).count()).toBe(0)
  await expectAccessible(page)
  await open(page, '/')
  expect(await page.locator('.hero__event-link').count()).toBe(0)

  await open(page, '/admin/blog')
  await tab(page, 'Events').click()
  await page.getByRole('cell', { name: /Developer Conference Party/ }).waitFor()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Add event' }).click()
  await page.getByLabel('Title', { exact: true }).fill('Summer Jam')
  await page.getByLabel('Time zone').selectOption('Europe/Berlin')
  await page.getByLabel('Starts').fill('2027-07-14T19:00')
  await page.getByLabel('Ends').fill('2027-07-14T18:00')
  await page.getByRole('button', { name: 'Create event' }).click()
  await page.getByText('Ends must be after Starts').waitFor()
  await page.getByLabel('Ends').fill('2027-07-14T23:30')
  await page.getByLabel('Place').fill('Pier 9, Harbour Town')
  await page.getByLabel('Description').fill('An evening of music and games on the pier.')
  await page.getByLabel('RSVP button label').fill('Reply on the forum')
  await page.getByLabel('RSVP link').fill('https://forum.example.com/summer-jam')
  await expectAccessible(page)
  await shoot(page, 'events-form')
  await shootNarrow(page, 'events-form')
  await page.getByRole('button', { name: 'Create event' }).click()
  await toast(page, 'Event "Summer Jam" created')
  await page.getByRole('cell', { name: /Summer Jam/ }).waitFor()
  await shoot(page, 'events-list')

  await open(page, '/events/summer-jam')
  await page.getByRole('heading', { level: 1, name: 'Summer Jam' }).waitFor()
  await page.getByText('7:00 PM – 11:30 PM (Europe/Berlin)').waitFor()
  const rsvp = page.getByRole('link', { name: /Reply on the forum/ })
  expect(await rsvp.getAttribute('href')).toBe('https://forum.example.com/summer-jam')
  const calendar = page.getByRole('link', { name: 'Add to calendar' })
  const file = await page.request.get(`${server.url}${await calendar.getAttribute('href')}`)
  expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(await file.text()).toContain('SUMMARY:Summer Jam')
  await expectAccessible(page)
  await shoot(page, 'event-upcoming')
  await shootNarrow(page, 'event-upcoming')

  await open(page, '/')
  const promo = page.locator('.hero__event-link')
  expect(await promo.textContent()).toBe('Next event: Summer JamJuly 14, 2027 ›')
  await expectAccessible(page)
  await promo.click()
  await page.waitForURL(`${server.url}/events/summer-jam`)
  await page.getByRole('heading', { level: 1, name: 'Summer Jam' }).waitFor()
  expect(problems).toEqual([])
  await close()
})

test('with a clock after the event, its page says it has ended and the home page no longer promotes it', async () => {
  await server.stop()
  server = await startServer({ ...env, TEST_NOW: AFTER })
  const { page, problems, close } = await openPage(browser, { viewport: { width: 375, height: 740 } })
  await open(page, '/')
  await page.getByRole('heading', { level: 1, name: 'Innovative Entertainment' }).waitFor()
  expect(await page.locator('.hero__event-link').count()).toBe(0)
  await expectAccessible(page)
  await open(page, '/events/summer-jam')
  await page.getByText('This event has ended.').waitFor()
  expect(await page.getByRole('link', { name: /Reply on the forum/ }).count()).toBe(0)
  expect(await page.getByRole('link', { name: 'Add to calendar' }).count()).toBe(0)
  await expectAccessible(page)
  await shoot(page, 'event-ended-375')
  expect(problems).toEqual([])
  await close()
})

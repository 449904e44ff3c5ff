import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { ADMIN_PASSWORD, toast } from './support/admin'
import {
  closeOpenPages,
  expectAccessible,
  openPage,
  sharedBrowser,
  shoot,
  shootNarrow,
  type TrackedPage,
  waitForHydration,
} from './support/browser'
import { type RunningServer, startServer } from './support/server'

/*
 * A fresh install from an empty database, run by two processes on the one file, as a studio past one
 * machine would: the owner sets it up in one, and the other's cached pages follow on the next request.
 */
const dir = mkdtempSync(join(tmpdir(), 'site-first-run-'))
const env = { ADMIN_PASSWORD, DATABASE_URL: `file:${join(dir, 'site.db')}` }
let first: RunningServer
let second: RunningServer
let browser: Browser
let tracked: TrackedPage
beforeAll(async () => {
  // The first start migrates and seeds the empty database; the second finds it done.
  ;[first, browser] = await Promise.all([startServer(env), sharedBrowser()])
  second = await startServer(env)
  tracked = await openPage(browser)
})
afterAll(async () => {
  await closeOpenPages()
  expect(tracked.problems).toEqual([])
  await Promise.all([first?.stop(), second?.stop()])
  rmSync(dir, { recursive: true, force: true })
})

const html = async (server: RunningServer, path: string) => (await fetch(`${server.url}${path}`)).text()

test('first sign-in → setup → "Start empty": the blog and careers are empty, and the links show in both processes', async () => {
  // The other process caches the pages with the sample content and the default links.
  expect(await html(second, '/blog')).toContain('post-card')
  expect(await html(second, '/jobs')).not.toContain('No positions available')
  expect(await html(second, '/')).toContain('href="https://store.kindlewave.studio/"')

  const { page } = tracked
  await page.goto(`${first.url}/admin/login`)
  await waitForHydration(page)
  await page.getByLabel('Admin Password').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(`${first.url}/admin/blog?setup`)
  const heading = page.getByRole('heading', { level: 1, name: 'Set up your site' })
  await heading.waitFor()
  await page.getByLabel('Your name').waitFor()
  expect(await heading.evaluate((h) => h === document.activeElement)).toBe(true)
  await expectAccessible(page)
  await shoot(page, 'first-run-setup')
  await shootNarrow(page, 'first-run-setup')

  // What the rules refuse is said beside its field, before anything is sent.
  await page.getByLabel('Your name').fill('Ada Lindqvist')
  await page.getByLabel('Your email').fill('ada@kindlewave')
  await page.getByLabel('Store address').fill('store.kindlewave.games')
  await page.getByRole('button', { name: 'Finish Setup' }).click()
  await page.getByText('Store address must be a web address starting with https://').waitFor()
  await page.getByText('Enter a valid email address').waitFor()
  expect(await page.getByLabel('Your email').evaluate((input) => input === document.activeElement)).toBe(true)
  await expectAccessible(page)

  await page.getByLabel('Your email').fill('ada@kindlewave.games')
  await page.getByLabel('Store address').fill('https://shop.kindlewave.games/')
  await page.getByLabel('Video channel').fill('https://video.example.net/@kindlewave-live')
  await page.getByLabel('Microblog').fill('')
  await page.getByText(/^Removes \d+ sample posts, \d+ jobs and \d+ tags\./).waitFor()
  await page.getByRole('radio', { name: 'Start empty' }).check()
  await page.getByRole('button', { name: 'Finish Setup' }).click()
  await toast(page, /Your site is set up\. Removed \d+ sample posts/)
  await page.waitForURL(`${first.url}/admin/blog`)
  await page.getByRole('heading', { level: 1, name: 'Blog Administration' }).waitFor()
  await page.getByText('No posts found. Create your first post').waitFor()

  // The other process, on its next request: no sample content, the owner's links in header and footer.
  const blog = await html(second, '/blog')
  expect(blog).toContain('No posts found')
  expect(blog).not.toContain('post-card')
  expect(blog).toMatch(/<nav aria-label="Main"[\s\S]*href="https:\/\/shop\.kindlewave\.games\/"/)
  expect(blog).toContain('href="https://video.example.net/@kindlewave-live"')
  expect(blog).not.toContain('microblog.example.com')
  expect(await html(second, '/jobs')).toContain('No positions available')
  await page.goto(`${second.url}/blog`)
  await waitForHydration(page)
  await page.getByText('No posts found').waitFor()
  const footer = page.getByRole('navigation', { name: 'Connect' })
  await footer.getByRole('link', { name: /^Video channel/ }).waitFor()
  expect(await footer.getByRole('link', { name: /^Microblog/ }).count()).toBe(0)
  await expectAccessible(page)
  await page.goto(`${second.url}/jobs`)
  await page.getByText('No positions available').waitFor()
  await expectAccessible(page)

  // Done once: the next sign-in goes straight to the administration, and the owner signs in by email too.
  await page.context().clearCookies()
  await page.goto(`${second.url}/admin/login`)
  await waitForHydration(page)
  await page.getByLabel('Admin Password').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(`${second.url}/admin/blog`)
  const byEmail = await fetch(`${second.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: second.url },
    body: JSON.stringify({ email: 'ada@kindlewave.games', password: ADMIN_PASSWORD }),
  })
  expect(byEmail.status).toBe(200)
})

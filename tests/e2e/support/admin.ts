import { afterAll, beforeAll, expect } from 'bun:test'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { SETUP_API } from '../../../src/shared/first-run'
import { closeOpenPages, openPage, sharedBrowser, type TrackedPage, waitForHydration, withPageState } from './browser'
import { type RunningServer, startServer } from './server'

export const ADMIN_PASSWORD = 'e2e-admin-password-456'

/**
 * Signs the owner in through the API and ends the first-run setup a fresh install asks for, as the owner
 * would by finishing or skipping it (first-run.test.ts follows it in the browser). The session's cookie.
 */
export async function ownerPastSetup(url: string, password = ADMIN_PASSWORD): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ password }),
  })
  expect(login.status).toBe(200)
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const done = await fetch(`${url}${SETUP_API}/done`, { method: 'POST', headers: { cookie, origin: url } })
  expect(done.status).toBe(200)
  return cookie
}

/**
 * One server and one browser for a file of administrator journeys, and the fixtures each test uses:
 * an API client to arrange data, and pages that are always closed, in which a console error fails.
 */
export function adminJourneys() {
  let server: RunningServer
  let browser: Browser
  let apiCookie = ''

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startServer({ ADMIN_PASSWORD }), sharedBrowser()])
    apiCookie = await ownerPastSetup(server.url)
  })
  afterAll(async () => {
    await closeOpenPages()
    await server?.stop()
  })

  /** A page in a fresh browser context, closed however the test ends; console errors fail the test. */
  async function withPage(
    run: (tracked: TrackedPage) => Promise<void>,
    { allowed = null, context = {} }: { allowed?: RegExp | null; context?: BrowserContextOptions } = {},
  ) {
    const tracked = await openPage(browser, context)
    try {
      await run(tracked).catch(async (error: unknown) => {
        throw await withPageState(error, tracked)
      })
      expect(tracked.problems.filter((problem) => !allowed?.test(problem))).toEqual([])
    } finally {
      await tracked.close()
    }
  }

  return {
    url: () => server.url,
    /** The API client's session cookie, for requests `api` does not make (uploads). */
    cookie: () => apiCookie,
    withPage,
    /** The admin API as the admin screens call it, for arranging what a test starts from. */
    async api<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: server.url, cookie: apiCookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      expect(res.ok).toBe(true)
      return (await res.json()) as T
    },
    /** The administration, signed in through the login call in this page's own context. */
    withAdmin(
      run: (page: Page) => Promise<void>,
      { allowed = null, context = {} }: { allowed?: RegExp | null; context?: BrowserContextOptions } = {},
    ) {
      return withPage(
        async ({ page }) => {
          const login = await page.request.post(`${server.url}/api/admin/login`, {
            data: { password: ADMIN_PASSWORD },
            headers: { origin: server.url },
          })
          expect(login.status()).toBe(200)
          await page.goto(`${server.url}/admin/blog`)
          await waitForHydration(page)
          await page.locator('.admin-table').waitFor()
          await run(page)
        },
        { allowed, context },
      )
    },
  }
}

export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.toast').filter({ hasText: text }).first().waitFor({ timeout: 8000 })
export const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true })

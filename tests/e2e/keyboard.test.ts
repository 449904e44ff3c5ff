import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { closeOpenPages, openPage, sharedBrowser, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

let server: RunningServer
let browser: Browser

// The spec's own days: its event (Sept 5, 2025) is still to come, so the home page links to it.
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ TEST_NOW: '2025-09-01T12:00:00Z' }), sharedBrowser()])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null
    const name =
      el?.getAttribute('aria-label') ||
      el?.labels?.[0]?.textContent ||
      el?.textContent?.trim() ||
      el?.querySelector('img')?.alt ||
      ''
    // A visible focus indicator: the element's outline, or the ring its field wrapper draws on :focus-within.
    const ring =
      el && (getComputedStyle(el).outlineStyle !== 'none' || getComputedStyle(el.parentElement!).boxShadow !== 'none')
    return { text: name.trim(), tag: el?.tagName ?? '', outline: ring ? 'visible' : 'none' }
  })

/** Presses Tab until the focused element's name matches, failing after `limit` presses. */
async function tabTo(page: Page, name: RegExp, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    let current = await focused(page)
    // Focus falls back to the body when the element Tab reached is replaced (a list re-rendered under load):
    // the body is no stop of the tab order, and its text would match any name.
    if (current.tag !== 'BODY' && name.test(current.text)) {
      // Under load a re-render may still be settling; read the indicator again after two frames.
      if (current.outline === 'none') {
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
        current = await focused(page)
      }
      expect(`${current.text}: ${current.outline}`).not.toEndWith(': none')
      return
    }
  }
  throw new Error(`Tab never reached ${name}`)
}

test('the public journeys work with the keyboard alone', async () => {
  const { page, problems, close } = await openPage(browser)
  await page.goto(`${server.url}/`)
  await waitForHydration(page)

  // The first Tab reaches the skip link, which moves focus to the main content.
  await page.keyboard.press('Tab')
  expect((await focused(page)).text).toBe('Skip to main content')
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')

  // Home → event page → back to home through the logo.
  await tabTo(page, /Invite-only: Developer Conference Party/)
  await page.keyboard.press('Enter')
  await page.waitForURL(`${server.url}/rdc25`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await tabTo(page, /Kindlewave Studios home/)
  await page.keyboard.press('Enter')
  await page.waitForURL(`${server.url}/`)

  // Blog: the carousel by keyboard, then search suggestions with arrows and Enter.
  await page.goto(`${server.url}/blog`)
  await waitForHydration(page)
  await tabTo(page, /^Next slide$/)
  const before = await page.locator('.carousel__slide.is-active .carousel__title').textContent()
  await page.keyboard.press('Enter')
  await page.waitForFunction(
    (title) => document.querySelector('.carousel__slide.is-active .carousel__title')?.textContent !== title,
    before,
  )
  await page.keyboard.press('ArrowLeft')
  await page.locator('.carousel__slide.is-active .carousel__title').filter({ hasText: before! }).waitFor()

  await tabTo(page, /^Search posts$/)
  await page.keyboard.type('crane')
  await page.getByRole('listbox', { name: 'Suggestions' }).waitFor()
  await page.keyboard.press('Escape')
  expect(await page.getByRole('combobox', { name: 'Search posts' }).getAttribute('aria-expanded')).toBe('false')
  await page.keyboard.press('ArrowDown')
  await page.getByRole('option').first().waitFor()
  await page.keyboard.press('ArrowDown')
  const chosen = (await page.getByRole('option').first().textContent())!.replace(/New$/, '')
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: chosen, exact: true }).waitFor()

  // Post page: back to the blog with the keyboard.
  await tabTo(page, /Back to Blog/)
  await page.keyboard.press('Enter')
  await page.waitForURL(`${server.url}/blog`)

  // Jobs: a department filter and a job's details.
  await page.goto(`${server.url}/jobs`)
  await waitForHydration(page)
  await tabTo(page, /^Engineering/)
  await page.keyboard.press('Enter')
  await page.waitForURL(`${server.url}/jobs?department=Engineering`)
  // The filtered list is rendered after the URL changes (with the filter marked current, in the same render):
  // a link focused before it arrives would be replaced.
  await page.locator('.department-filter a[aria-current="page"]', { hasText: /^Engineering/ }).waitFor()
  await page.waitForLoadState('networkidle')
  await tabTo(page, /View Details/)
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/jobs\/[a-z0-9-]+$/)
  await page.getByRole('heading', { level: 2, name: 'About This Role' }).waitFor()
  expect(problems).toEqual([])
  await close()
}, 90_000)

test('the mobile menu opens, is walked and closes with the keyboard', async () => {
  const { page, problems, close } = await openPage(browser, { viewport: { width: 375, height: 812 } })
  await page.goto(`${server.url}/`)
  await waitForHydration(page)
  await tabTo(page, /Open menu/)
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  expect((await focused(page)).text).toBe('Home')
  await page.keyboard.press('Escape')
  expect((await focused(page)).text).toBe('Open menu')
  expect(await page.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(false)
  expect(problems).toEqual([])
  await close()
})

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

let server: RunningServer
let browser: Browser

// The spec's own days: its event (Sept 5, 2025) is still to come, so the home page promotes it.
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ TEST_NOW: '2025-09-01T12:00:00Z' }), sharedBrowser()])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

describe('home', () => {
  test('renders, hydrates without warnings and is accessible', async () => {
    const { page, problems, close } = await openPage(browser)
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    const response = await page.goto(`${server.url}/`)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    expect(await page.getByRole('heading', { level: 1, name: 'Innovative Entertainment' }).isVisible()).toBe(true)
    expect(await page.title()).toContain('Innovative Entertainment')

    // Scroll so both reveal-once sections come into view and animate in.
    await page.locator('.merch').evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await page.waitForSelector('.merch.is-revealed')
    await page.locator('.brands').evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await page.waitForSelector('.brands.is-revealed')
    expect(await page.locator('.brands__logos img').count()).toBe(5)
    await page.waitForTimeout(900)
    await expectAccessible(page)
    expect(problems).toEqual([])

    // Only the entry the HTML names is downloaded: the admin and previewer chunks stay on the server.
    const referenced = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="module"][src], link[rel="modulepreload"]')].map(
        (el) => new URL((el as HTMLScriptElement).src || (el as HTMLLinkElement).href).pathname,
      ),
    )
    expect(scripts.length).toBeGreaterThan(0)
    // Besides them, only the analytics beacon's few small chunks, fetched once the page is up.
    const later = scripts.filter((script) => !referenced.includes(script))
    const code = (await Promise.all(later.map(async (script) => (await fetch(`${server.url}${script}`)).text()))).join(
      '',
    )
    if (later.length > 0) expect(code).toContain('sendAnalytics')
    expect(code.length).toBeLessThan(4096)
    await close()
  })

  test('the hero video plays for a visitor who allows motion and stays a still poster for one who asks for less', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page, problems, close } = await openPage(browser, { reducedMotion })
      await page.goto(`${server.url}/`)
      await waitForHydration(page)
      const video = page.locator('.hero-video__media')
      if (reducedMotion === 'no-preference') {
        await video.evaluate(
          (v: HTMLVideoElement) =>
            v.currentTime > 0 || new Promise((r) => v.addEventListener('timeupdate', r, { once: true })),
        )
        expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false)
      } else {
        await page.waitForTimeout(500)
        expect(await video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, at: v.currentTime }))).toEqual({
          paused: true,
          at: 0,
        })
      }
      expect(problems).toEqual([])
      await close()
    }
  })

  test('content stays readable with JavaScript off', async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false })
    await page.goto(`${server.url}/`)
    await page.locator('#merch').scrollIntoViewIfNeeded()
    const opacity = await page.locator('#merch').evaluate((el) => getComputedStyle(el).opacity)
    expect(opacity).toBe('1')
    expect(await page.getByText('Shop Our Merchandise').isVisible()).toBe(true)
    await close()
  })
})

describe('navigation', () => {
  test('home → event → home happens in the browser without a full reload', async () => {
    const { page, problems, close } = await openPage(browser)
    await page.goto(`${server.url}/`)
    await waitForHydration(page)
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))

    await page.getByRole('link', { name: /Invite-only: Developer Conference Party/ }).click()
    await page.waitForURL(`${server.url}/rdc25`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.getByRole('link', { name: /RSVP via Discord/ }).getAttribute('target')).toBe('_blank')
    expect(await page.getByText('Sept 5, 2025').isVisible()).toBe(true)
    expect(await page.title()).toContain('Developer Conference Party')
    await expectAccessible(page)

    await page.getByRole('link', { name: 'Kindlewave Studios home' }).click()
    await page.waitForURL(`${server.url}/`)
    await page.getByRole('heading', { name: 'Innovative Entertainment' }).waitFor()
    const same = await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)
    expect(same).toBe(true)
    expect(problems).toEqual([])
    await close()
  })

  test('a broken link on the site shows the 404 page and Go Back returns to the page it was on', async () => {
    const { page, problems, close } = await openPage(browser)
    await page.goto(`${server.url}/rdc25`)
    await waitForHydration(page)
    // A plain link, as a post's content has: the browser loads the 404 document in full.
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/this/does/not/exist', textContent: 'Broken' })
      document.querySelector('main')!.prepend(link)
    })
    const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Broken' }).click()])
    expect(response?.status()).toBe(404)
    await waitForHydration(page)
    expect(await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).isVisible()).toBe(true)
    expect(await page.getByText("The page you're looking for doesn't exist or has been moved.").isVisible()).toBe(true)
    expect(await page.getByText(/© \d{4} .* All rights reserved\./).isVisible()).toBe(true)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.waitForURL(`${server.url}/rdc25`)
    // Chromium logs the document's own 404 status as a console error; that one is expected.
    expect(problems.filter((p) => !p.endsWith('/this/does/not/exist)'))).toEqual([])
    await close()
  })

  test("the 404 page as the tab's first page (a link opened in a new tab): Go Back goes home", async () => {
    const { page, problems, close } = await openPage(browser)
    await page.goto(`${server.url}/jobs`)
    await waitForHydration(page)
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => window.open(url), `${server.url}/nope`),
    ])
    await waitForHydration(tab)
    expect(await tab.evaluate(() => history.length)).toBe(1)
    await expectAccessible(tab)
    await tab.getByRole('button', { name: 'Go Back' }).click()
    await tab.waitForURL(`${server.url}/`)
    await tab.getByRole('heading', { name: 'Innovative Entertainment' }).waitFor()
    expect(problems).toEqual([])
    await close()
  })

  for (const [how, referer] of [
    ['typed in after /jobs', undefined],
    ['reached from another site after /jobs', 'https://elsewhere.example/list'],
  ] as const)
    test(`the 404 page ${how}: Go Back returns to /jobs, as the browser's Back does`, async () => {
      const { page, problems, close } = await openPage(browser)
      await page.goto(`${server.url}/jobs`)
      await waitForHydration(page)
      await page.goto(`${server.url}/jobs/no-such-role-at-all/typo`, { referer })
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Go Back' }).click()
      await page.waitForURL(`${server.url}/jobs`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(problems.filter((p) => !p.endsWith('/typo)'))).toEqual([])
      await close()
    })

  test('Return Home leads to the home page', async () => {
    const { page, problems, close } = await openPage(browser)
    await page.goto(`${server.url}/nope`)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Return Home' }).click()
    await page.waitForURL(`${server.url}/`)
    await page.getByRole('heading', { name: 'Innovative Entertainment' }).waitFor()
    expect(problems.filter((p) => !p.endsWith('/nope)'))).toEqual([])
    await close()
  })
})

describe('mobile menu at 375 px', () => {
  test('opens, closes with Escape, and closes when a link is chosen', async () => {
    const { page, problems, close } = await openPage(browser, {
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    })
    await page.goto(`${server.url}/`)
    await waitForHydration(page)
    const toggle = page.getByRole('button', { name: 'Open menu' })
    expect(await toggle.isVisible()).toBe(true)
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)

    await toggle.click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    expect(await menu.isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')
    await expectAccessible(page)

    await page.keyboard.press('Escape')
    expect(await menu.isVisible()).toBe(false)
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('menu-toggle')

    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Home' }).click()
    expect(await menu.isVisible()).toBe(false)
    expect(problems).toEqual([])
    await close()
  })
})

describe('lazy admin page', () => {
  test('loads its chunk before hydrating, so the server HTML hydrates cleanly', async () => {
    const { page, problems, close } = await openPage(browser)
    const response = await page.goto(`${server.url}/Admin/Login`)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Login')
    await expectAccessible(page)
    expect(problems).toEqual([])
    await close()
  })
})

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Locator, Page } from 'playwright-core'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), sharedBrowser()])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

const DESKTOP = { viewport: { width: 1280, height: 900 } }
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }

const DESTINATIONS = [
  { link: 'Blog', path: '/blog', heading: 'Blog' },
  { link: 'Careers', path: '/jobs', heading: 'Join the team' },
] as const

/** Where each place lists the site's links; the phone menu opens first. */
const PLACES = {
  header: async (page: Page) => page.getByRole('navigation', { name: 'Main' }),
  menu: async (page: Page) => {
    await page.getByRole('button', { name: 'Open menu' }).click()
    return page.getByRole('navigation', { name: 'Mobile' })
  },
  footer: async (page: Page) => page.getByRole('navigation', { name: 'Links' }),
} satisfies Record<string, (page: Page) => Promise<Locator>>

const linkNames = (nav: Locator) =>
  nav.getByRole('link').evaluateAll((links) => links.map((a) => a.textContent?.replace(' (opens in a new tab)', '')))

describe('the site navigation reaches the blog and careers', () => {
  for (const { width, options, opener } of [
    { width: 1280, options: DESKTOP, opener: 'header' },
    { width: 375, options: PHONE, opener: 'menu' },
  ] as const) {
    test(`at ${width} px from the ${opener} and the footer, marking where the visitor is`, async () => {
      const { page, problems, close } = await openPage(browser, options)
      await page.goto(`${server.url}/`)
      await waitForHydration(page)
      await expectAccessible(page)
      for (const place of [opener, 'footer'] as const) {
        const nav = await PLACES[place](page)
        expect(await nav.isVisible()).toBe(true)
        expect(await linkNames(nav)).toEqual(['Home', 'Blog', 'Careers', 'Store', 'Contact'])
        expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page')
      }
      await page.keyboard.press('Escape')

      // Each place is used for both destinations; each page is checked with axe the first time it opens.
      const checked = new Set<string>()
      for (const place of [opener, 'footer'] as const) {
        for (const { link, path, heading } of DESTINATIONS) {
          const nav = await PLACES[place](page)
          await nav.getByRole('link', { name: link, exact: true }).click()
          await page.waitForURL(`${server.url}${path}`)
          await page.getByRole('heading', { level: 1, name: heading }).waitFor()
          if (!checked.has(path)) await expectAccessible(page)
          checked.add(path)
          // The place the visitor used now marks the new section as the current page, and only that one.
          const current = (place === 'menu' ? await PLACES.menu(page) : nav).locator('a[aria-current]')
          expect(await current.count()).toBe(1)
          expect(await current.getAttribute('aria-current')).toBe('page')
          expect(await current.textContent()).toBe(link)
          if (place === 'menu') await page.keyboard.press('Escape')
        }
      }
      expect(problems).toEqual([])
      await close()
    })
  }

  test('below a section (a post) its link is marked as the current section, not the page', async () => {
    const { page, problems, close } = await openPage(browser, DESKTOP)
    await page.goto(`${server.url}/blog`)
    await waitForHydration(page)
    await page.locator('.post-card a').first().click()
    await page.waitForURL(/\/blog\/[a-z0-9-]+$/)
    await page.locator('article h1').waitFor()
    await expectAccessible(page)
    const header = page.getByRole('navigation', { name: 'Main' })
    expect(await header.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('true')
    expect(await header.locator('a[aria-current]').count()).toBe(1)
    expect(problems).toEqual([])
    await close()
  })

  test('at 375 px a tap outside the open menu closes it', async () => {
    const { page, problems, close } = await openPage(browser, PHONE)
    await page.goto(`${server.url}/`)
    await waitForHydration(page)
    const menu = await PLACES.menu(page)
    expect(await menu.isVisible()).toBe(true)
    await expectAccessible(page)
    // Just below the menu, at the edge of the hero: nothing there that a tap would activate.
    const box = (await menu.boundingBox())!
    await page.touchscreen.tap(8, box.y + box.height + 16)
    expect(await menu.isVisible()).toBe(false)
    expect(page.url()).toBe(`${server.url}/`)
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false')
    expect(problems).toEqual([])
    await close()
  })
})

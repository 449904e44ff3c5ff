import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { openSeedJobs } from '../support/jobs'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

/*
 * The jobs list and a job page as a reader meets them: filters, the empty state, paper, and the form beside a
 * long description. Applying is careers.test.ts.
 */
let server: RunningServer
let browser: Browser
const active = openSeedJobs()
const job = active[0]!

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), sharedBrowser()])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

const cardTitles = (page: Page) => page.locator('.job-card__title').allTextContents()

describe('jobs list', () => {
  test('department filters narrow the list, live in the URL and survive a reload', async () => {
    const { page, problems, close } = await openPage(browser)
    await page.goto(`${server.url}/jobs`)
    await waitForHydration(page)
    expect(await cardTitles(page)).toEqual(active.map((j) => j.title))
    await expectAccessible(page)

    const engineering = active.filter((j) => j.department === 'Engineering')
    await page.getByRole('link', { name: `Engineering ${engineering.length}` }).click()
    await page.waitForURL(`${server.url}/jobs?department=Engineering`)
    // The URL changes before the new list renders (a transition): the marked filter comes with the list.
    await page.locator('.department-filter a[aria-current="page"]').filter({ hasText: 'Engineering' }).waitFor()
    expect(await cardTitles(page)).toEqual(engineering.map((j) => j.title))
    await page.reload()
    await waitForHydration(page)
    expect(await cardTitles(page)).toEqual(engineering.map((j) => j.title))
    expect(
      await page.getByRole('link', { name: `Engineering ${engineering.length}` }).getAttribute('aria-current'),
    ).toBe('page')
    expect(problems).toEqual([])
    await close()
  })

  test('the empty state names the department', async () => {
    const { page, problems, close } = await openPage(browser)
    await page.goto(`${server.url}/jobs?department=Astronauts`)
    await waitForHydration(page)
    await page.getByText('No positions available').waitFor()
    await page.getByText('There are no open positions in Astronauts right now.').waitFor()
    await expectAccessible(page)
    expect(problems).toEqual([])
    await close()
  })
})

/** What `read` gives once it gives `expected`, or its last answer after two seconds. */
async function settledTo(read: () => Promise<string>, expected: string): Promise<string> {
  const deadline = Date.now() + 2000
  let value = await read()
  while (value !== expected && Date.now() < deadline) {
    await Bun.sleep(50)
    value = await read()
  }
  return value
}

describe('printing', () => {
  test('a job page prints black on white, without the site chrome or the form', async () => {
    const { page, problems, close } = await openPage(browser)
    await page.goto(`${server.url}/jobs/${job.slug}`)
    await waitForHydration(page)
    await page.emulateMedia({ media: 'print' })
    const paragraph = page.getByText(job.description.slice(0, 40))
    // The paper's colours, once the page's styles have followed the medium (a busy machine ran a check before).
    expect(await settledTo(() => paragraph.evaluate((el) => getComputedStyle(el).color), 'rgb(0, 0, 0)')).toBe(
      'rgb(0, 0, 0)',
    )
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)')
    for (const selector of ['.site-header', '.site-footer', '.job__apply', '.job__back']) {
      expect(await page.locator(selector).count()).toBeGreaterThan(0)
      expect(await page.locator(selector).first().isVisible()).toBe(false)
    }
    expect(problems).toEqual([])
    await close()
  })
})

describe('the application form beside the description', () => {
  /** The job with the most to read, so the description runs on past the form. */
  const length = (j: typeof job) =>
    [j.description, ...j.responsibilities, ...j.requirements, ...j.benefits].join().length
  const longest = [...active].sort((a, b) => length(b) - length(a))[0]!
  const apply = (page: Page) => page.locator('.job__apply')
  const position = (page: Page) => apply(page).evaluate((el) => getComputedStyle(el).position)

  /** Scrolls the page from top to bottom; at each stop, where the form is and whether Submit can be seen and hit. */
  const walkDown = (page: Page) =>
    page.evaluate(async () => {
      const form = document.querySelector<HTMLElement>('.job__apply')!
      const submit = form.querySelector<HTMLElement>('button[type="submit"]')!
      const stops: { scrollY: number; formTop: number; submitSeen: boolean }[] = []
      const end = document.documentElement.scrollHeight - window.innerHeight
      for (let y = 0; y <= end + 99; y += 100) {
        window.scrollTo(0, Math.min(y, end))
        await new Promise(requestAnimationFrame)
        const box = submit.getBoundingClientRect()
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        const inView = box.top >= 0 && box.bottom <= window.innerHeight
        stops.push({
          scrollY: window.scrollY,
          formTop: form.getBoundingClientRect().top,
          submitSeen: inView && submit.contains(hit),
        })
      }
      return stops
    })

  test('taller than the window, it scrolls with the page and its Submit button comes into view', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: { width: 1280, height: 720 } })
    await page.goto(`${server.url}/jobs/${longest.slug}`)
    await waitForHydration(page)
    expect((await apply(page).boundingBox())!.height).toBeGreaterThan(720)
    expect(await position(page)).toBe('static')
    const stops = await walkDown(page)
    expect(stops.some((stop) => stop.submitSeen)).toBe(true)
    // Never held in place: every scroll moves the form by as much as the page.
    const [first] = stops
    expect(stops.filter((stop) => stop.formTop + stop.scrollY !== first!.formTop + first!.scrollY)).toEqual([])
    expect(problems).toEqual([])
    await close()
  })

  test('when it fits, it stays put while the description scrolls, and lets go once the window is too short', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: { width: 1280, height: 720 } })
    await page.goto(`${server.url}/jobs/${longest.slug}`)
    await waitForHydration(page)
    const stickAt = await apply(page).evaluate((el) => Number.parseFloat(getComputedStyle(el).top))
    const formHeight = (await apply(page).boundingBox())!.height
    await page.setViewportSize({ width: 1280, height: Math.ceil(stickAt + formHeight + 40) })
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.job__apply')!).position === 'sticky')

    const layoutTop = await page.locator('.job__layout').evaluate((el) => el.getBoundingClientRect().top + scrollY)
    const room = (await page.locator('.job__main').boundingBox())!.height - formHeight
    expect(room).toBeGreaterThan(200)
    for (const past of [100, 200]) {
      await page.evaluate((y) => window.scrollTo(0, y), layoutTop - stickAt + past)
      const formTop = await apply(page).evaluate((el) => el.getBoundingClientRect().top)
      const articleTop = await page.locator('.job__main').evaluate((el) => el.getBoundingClientRect().top)
      expect(formTop).toBeCloseTo(stickAt, 0)
      expect(articleTop).toBeCloseTo(stickAt - past, 0)
    }

    await page.setViewportSize({ width: 1280, height: 720 })
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.job__apply')!).position === 'static')
    expect(problems).toEqual([])
    await close()
  })

  test('without JavaScript the form is in the page flow', async () => {
    const { page, close } = await openPage(browser, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 2000 },
    })
    await page.goto(`${server.url}/jobs/${longest.slug}`)
    expect(await position(page)).toBe('static')
    await close()
  })
})

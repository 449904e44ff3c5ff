import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { seedPosts } from '../../src/content/seed-posts'
import { openDatabase } from '../../src/server/db/client'
import { appSettings, posts } from '../../src/server/db/schema'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, shoot, waitForHydration } from './support/browser'
import {
  contrastRatio,
  hideText,
  luminanceRange,
  relativeLuminance,
  requiredRatio,
  textStyle,
} from './support/contrast'
import { type RunningServer, startServer } from './support/server'

/**
 * Besides the seed's featured posts, the seeded artwork with the most near-white area (about 12 % of its
 * pixels), so the caption is measured over the lightest picture the site ships.
 */
const LIGHTEST_ARTWORK = '/blog/tumbletop-plush.webp'
const featured = seedPosts.filter((p) => p.featured || p.isFeatured || p.featuredImage === LIGHTEST_ARTWORK)
const CAPTION_TEXT = [
  '.carousel__eyebrow',
  '.carousel__title',
  '.carousel__excerpt',
  '.carousel__meta time',
  '.carousel__meta .button',
]

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), sharedBrowser()])
  // Written as another process sharing the database would: the post and a new content version, which the
  // server notices within a second (its page and read caches, warmed before it listened, hold the old list).
  const db = await openDatabase({ url: server.databaseUrl })
  await db.update(posts).set({ featured: true }).where(eq(posts.featuredImage, LIGHTEST_ARTWORK))
  const version = { value: `carousel-contrast-${Date.now()}`, updatedAt: new Date() }
  await db
    .insert(appSettings)
    .values({ key: 'content_version', ...version })
    .onConflictDoUpdate({ target: appSettings.key, set: version })
  db.$client.close()
  const lightest = featured.find((p) => p.featuredImage === LIGHTEST_ARTWORK)!
  const deadline = Date.now() + 5000
  while (!(await (await fetch(`${server.url}/blog`)).text()).includes(lightest.title)) {
    if (Date.now() > deadline) throw new Error('the blog never showed the newly featured post')
    await Bun.sleep(100)
  }
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

/** Once the active slide has faded in and its picture has loaded. */
async function settle(page: Page) {
  const image = page.locator('.carousel__slide.is-active .carousel__image')
  await image.waitFor()
  expect(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
}

/**
 * Every caption text of the active slide against its backdrop as rendered: the text is made transparent,
 * the box its lines occupy is screenshotted, and the text colour is compared with the worst pixel there
 * (the lightest for light text, the darkest for dark text) — no pixel of the artwork may break 1.4.3.
 */
async function captionFailures(page: Page, label: string): Promise<string[]> {
  const slide = page.locator('.carousel__slide.is-active')
  await slide.scrollIntoViewIfNeeded()
  const failures: string[] = []
  const styles = await Promise.all(CAPTION_TEXT.map((selector) => textStyle(slide.locator(selector))))
  const restore = await hideText(page, '.carousel__slide.is-active .carousel__caption')
  for (const [index, style] of styles.entries()) {
    const { lightest, darkest } = await luminanceRange(page, style.box)
    const text = relativeLuminance(style.color)
    const ratio = Math.min(contrastRatio(text, lightest), contrastRatio(text, darkest))
    const required = requiredRatio(style.fontSizePx, style.fontWeight)
    if (ratio < required) failures.push(`${label} ${CAPTION_TEXT[index]}: ${ratio.toFixed(2)}:1 < ${required}:1`)
  }
  await restore()
  return failures
}

for (const width of [1280, 375]) {
  test(`every featured slide's caption text meets 4.5:1 (3:1 large) over its picture at ${width} px`, async () => {
    const { page, problems, close } = await openPage(browser, { viewport: { width, height: 900 } })
    await page.goto(`${server.url}/blog`)
    await waitForHydration(page)
    const failures: string[] = []
    const seen: string[] = []
    for (let slide = 0; slide < featured.length; slide++) {
      if (slide > 0) await page.getByRole('button', { name: 'Next slide' }).click()
      await settle(page)
      const title = (await page.locator('.carousel__slide.is-active .carousel__title').textContent()) ?? ''
      seen.push(title)
      await shoot(page, `carousel-${width}-${slide + 1}`, { fullPage: false })
      failures.push(...(await captionFailures(page, `"${title}" at ${width} px`)))
    }
    expect(seen.sort()).toEqual(featured.map((p) => p.title).sort())
    expect(failures).toEqual([])
    await expectAccessible(page)
    expect(problems).toEqual([])
    await close()
  })
}

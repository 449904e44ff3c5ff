import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { seedPosts } from '../../src/content/seed-posts'
import { openDatabase } from '../../src/server/db/client'
import { posts } from '../../src/server/db/schema'
import {
  closeOpenPages,
  expectAccessible,
  openPage,
  sharedBrowser,
  type TrackedPage,
  waitForHydration,
} from './support/browser'
import { type RunningServer, startServer } from './support/server'

let server: RunningServer
let browser: Browser
const newestFirst = [...seedPosts].sort((a, b) => a.publishedDaysAgo - b.publishedDaysAgo)
const featured = newestFirst.filter((p) => p.featured || p.isFeatured)

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), sharedBrowser()])
  const db = await openDatabase({ url: server.databaseUrl })
  const now = new Date()
  await db.insert(posts).values({
    title: 'Unreleased zebracorn golf draft',
    slug: 'unreleased-zebracorn',
    excerpt: 'zebracorn',
    content: '<p>zebracorn golf</p>',
    searchText: 'unreleased zebracorn golf draft zebracorn golf',
    featured: true,
    status: 'draft',
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
  })
  db.$client.close()
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

async function openBlog(path = '/blog', options = {}): Promise<TrackedPage> {
  const tracked = await openPage(browser, options)
  await tracked.page.goto(`${server.url}${path}`)
  await waitForHydration(tracked.page)
  return tracked
}

/** Waits until the visible slide is the one with this title (a busy machine may take some seconds to fetch it). */
const expectActiveSlide = (page: Page, title: string) =>
  page.locator('.carousel__slide.is-active .carousel__title').filter({ hasText: title }).waitFor({ timeout: 10_000 })
const cardTitles = (page: Page) => page.locator('.post-card__title').allTextContents()
const activeDot = (page: Page) => page.locator('.carousel__dot[aria-current="true"]').getAttribute('aria-label')

/** A finger on the touch screen from (x, y) to (x + dx, y + dy), in the browser's own touch input. */
async function drag(page: Page, from: { x: number; y: number }, dx: number, dy = 0) {
  const cdp = await page.context().newCDPSession(page)
  const at = (step: number) => [{ x: from.x + (dx * step) / 6, y: from.y + (dy * step) / 6 }]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) })
  for (let step = 1; step <= 6; step++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

describe('blog index', () => {
  test('is accessible and never shows a draft', async () => {
    const { page, problems, close } = await openBlog()
    await expectAccessible(page)
    expect(await page.content()).not.toContain('zebracorn')
    expect(problems).toEqual([])
    await close()
  })

  test('carousel: next and previous wrap around, dots jump, arrow keys work', async () => {
    const { page, problems, close } = await openBlog()
    expect(featured.length).toBe(2)
    await expectActiveSlide(page, featured[0]!.title)
    await page.getByRole('button', { name: 'Next slide' }).click()
    await expectActiveSlide(page, featured[1]!.title)
    await page.getByRole('button', { name: 'Next slide' }).click()
    await expectActiveSlide(page, featured[0]!.title)
    await page.getByRole('button', { name: 'Previous slide' }).click()
    await expectActiveSlide(page, featured[1]!.title)
    await page.getByRole('button', { name: /Show slide 1/ }).click()
    await expectActiveSlide(page, featured[0]!.title)
    expect(await page.getByRole('button', { name: /Show slide 1/ }).getAttribute('aria-current')).toBe('true')
    await page.keyboard.press('ArrowRight')
    await expectActiveSlide(page, featured[1]!.title)
    expect(problems).toEqual([])
    await close()
  })

  test('carousel on a 375 px touch screen: a swipe turns the slide, a vertical move scrolls, a tap follows the link', async () => {
    const { page, problems, close } = await openBlog('/blog', {
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
    })
    const track = page.locator('.carousel__viewport')
    await track.scrollIntoViewIfNeeded()
    await expectAccessible(page)
    const box = (await track.boundingBox())!
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 3 }
    expect(await activeDot(page)).toBe(`Show slide 1: ${featured[0]!.title}`)
    await drag(page, middle, -120)
    await expectActiveSlide(page, featured[1]!.title)
    expect(await activeDot(page)).toBe(`Show slide 2: ${featured[1]!.title}`)
    await drag(page, middle, 120)
    await expectActiveSlide(page, featured[0]!.title)
    // Shorter than the threshold, or mostly vertical: no turn; the vertical one scrolls the page.
    await drag(page, middle, -30)
    const scrolled = await page.evaluate(() => window.scrollY)
    await drag(page, middle, -60, -150)
    await page.waitForFunction((before) => window.scrollY > before, scrolled)
    await page.waitForTimeout(300)
    expect(await activeDot(page)).toBe(`Show slide 1: ${featured[0]!.title}`)
    // A tap on a page still flinging from that move only stops it, as a finger would: the tap waits for rest.
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          let [last, still] = [window.scrollY, 0]
          const frame = () => {
            ;[still, last] = window.scrollY === last ? [still + 1, last] : [0, window.scrollY]
            if (still >= 10) done()
            else requestAnimationFrame(frame)
          }
          requestAnimationFrame(frame)
        }),
    )
    await page
      .locator('.carousel__slide.is-active')
      .getByRole('link', { name: /Read More/ })
      .tap()
    await page.waitForURL(`${server.url}/blog/${featured[0]!.slug}`)
    expect(problems).toEqual([])
    await close()
  })

  test('carousel: a mouse drag across the Read More link turns the slide and does not follow the link', async () => {
    const { page, problems, close } = await openBlog()
    const link = (await page
      .locator('.carousel__slide.is-active')
      .getByRole('link', { name: /Read More/ })
      .boundingBox())!
    expect(link.width).toBeGreaterThan(60)
    const y = link.y + link.height / 2
    await page.mouse.move(link.x + link.width - 5, y)
    await page.mouse.down()
    await page.mouse.move(link.x + 5, y, { steps: 6 })
    await page.mouse.up()
    await expectActiveSlide(page, featured[1]!.title)
    await page.waitForTimeout(300)
    expect(page.url()).toBe(`${server.url}/blog`)
    // The next click on a link is a plain one again.
    await page
      .locator('.carousel__slide.is-active')
      .getByRole('link', { name: /Read More/ })
      .click()
    await page.waitForURL(`${server.url}/blog/${featured[1]!.slug}`)
    expect(problems).toEqual([])
    await close()
  })

  test('search: at most five suggestions, Escape closes, Enter shows the results', async () => {
    const { page, problems, close } = await openBlog()
    const input = page.getByRole('combobox', { name: 'Search posts' })
    await input.fill('e')
    const listbox = page.getByRole('listbox', { name: 'Suggestions' })
    await listbox.waitFor()
    const options = listbox.getByRole('option')
    await options.nth(5).waitFor()
    expect(await options.count()).toBe(6)
    expect(await options.last().textContent()).toBe('View all results for "e"')
    expect(await input.getAttribute('aria-expanded')).toBe('true')
    await expectAccessible(page)

    await page.keyboard.press('Escape')
    expect(await listbox.isVisible()).toBe(false)
    expect(await input.getAttribute('aria-expanded')).toBe('false')

    await input.fill('golf')
    await listbox.waitFor()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${server.url}/blog?q=golf`)
    const expected = seedPosts.filter((p) => `${p.title} ${p.excerpt} ${p.content}`.toLowerCase().includes('golf'))
    await page
      .getByText(`Search results for "golf" (${expected.length} ${expected.length === 1 ? 'post' : 'posts'})`)
      .waitFor()
    await page
      .locator('.post-card__title')
      .nth(expected.length - 1)
      .waitFor()
    expect(await cardTitles(page)).toHaveLength(expected.length)
    expect(await page.locator('.pagination').count()).toBe(0)
    await expectAccessible(page)

    await page.getByRole('link', { name: 'Clear Filter' }).click()
    await page.waitForURL(`${server.url}/blog`)
    await page.getByText('Page 1 of 2').waitFor()
    expect(await cardTitles(page)).toHaveLength(6)
    expect(problems).toEqual([])
    await close()
  })

  test('a search opened from a link clears to the first page with its featured posts, which it did not load', async () => {
    const { page, problems, close } = await openBlog('/blog?q=golf')
    expect(await page.locator('.carousel').count()).toBe(0)
    await page.getByRole('link', { name: 'Clear Filter' }).click()
    await page.waitForURL(`${server.url}/blog`)
    await expectActiveSlide(page, featured[0]!.title)
    expect(await cardTitles(page)).toHaveLength(6)
    expect(problems).toEqual([])
    await close()
  })

  test('arrow keys pick a suggestion and Enter opens that post', async () => {
    const { page, problems, close } = await openBlog()
    const input = page.getByRole('combobox', { name: 'Search posts' })
    await input.fill('golf')
    await page.getByRole('listbox', { name: 'Suggestions' }).waitFor()
    await page.keyboard.press('ArrowDown')
    const first = await page.getByRole('option').first().textContent()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/blog\/[a-z0-9-]+$/)
    await page.getByRole('heading', { level: 1, name: first!.replace(/New$/, ''), exact: true }).waitFor()
    expect(problems).toEqual([])
    await close()
  })

  test('a search with no match shows the empty state and View All Posts leaves it', async () => {
    const { page, problems, close } = await openBlog('/blog?q=zebracorn')
    await page.getByText('No posts found').waitFor()
    await page.getByText('Try adjusting your search or filters').waitFor()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'View All Posts' }).click()
    await page.waitForURL(`${server.url}/blog`)
    expect(problems).toEqual([])
    await close()
  })

  test('a search reached with tracking parameters hydrates the cached page for its words, without them', async () => {
    // The server renders and caches /blog?q=golf for this URL (only the parameters the page reads); the
    // browser hydrates it at the URL as visited, so the two must agree.
    const { page, problems, close } = await openBlog('/blog?q=%20golf%20&utm_source=newsletter&fbclid=abc&page=2')
    await page.getByRole('heading', { name: /^Search results for "golf"/ }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Search posts' }).inputValue()).toBe('golf')
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${server.url}/blog`)
    expect(problems).toEqual([])
    await close()
  })

  test('pagination: Previous disabled on page 1, Next disabled on the last, back and forward work', async () => {
    const { page, problems, close } = await openBlog()
    const nav = page.getByRole('navigation', { name: 'Pagination' })
    expect(await nav.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true)
    expect(await nav.getByText('Page 1 of 2').isVisible()).toBe(true)
    await nav.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL(`${server.url}/blog?page=2`)
    await nav.getByText('Page 2 of 2').waitFor()
    expect(await nav.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
    expect(await cardTitles(page)).toEqual(newestFirst.slice(6).map((p) => p.title))
    await page.goBack()
    await nav.getByText('Page 1 of 2').waitFor()
    expect(await cardTitles(page)).toEqual(newestFirst.slice(0, 6).map((p) => p.title))
    expect(problems).toEqual([])
    await close()
  })
})

describe('post pages', () => {
  test('a card opens its post in the browser, at the top, and Back to Blog returns', async () => {
    const { page, problems, close } = await openBlog()
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true))
    const target = newestFirst[4]!
    const card = page
      .getByRole('link', { name: new RegExp(target.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
    await card.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    // Hovering starts loading the post before the click.
    const preload = page.waitForRequest((request) => request.url().endsWith(`/api/blog/slug/${target.slug}`))
    await card.hover()
    await preload
    await card.click()
    await page.waitForURL(`${server.url}/blog/${target.slug}`)
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor()
    await page.waitForTimeout(150)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true)
    expect(await page.title()).toBe(`${target.title} | Blog`)
    expect(await page.getByRole('heading', { name: 'You Might Also Like' }).isVisible()).toBe(true)
    expect(await page.locator('.related .post-card').count()).toBe(2)
    await expectAccessible(page)

    await page.getByRole('link', { name: '← Back to Blog' }).click()
    await page.waitForURL(`${server.url}/blog`)
    // The router moves the URL before React commits the page (and its <title>) in a transition.
    await page.getByRole('heading', { level: 1, name: 'Blog', exact: true }).waitFor()
    expect(await page.title()).not.toContain(target.title)
    expect(problems).toEqual([])
    await close()
  })

  for (const width of [1280, 375])
    test(`"You Might Also Like" lines up with its cards (${width} px)`, async () => {
      const { page, problems, close } = await openBlog(`/blog/${newestFirst[2]!.slug}`, {
        viewport: { width, height: 900 },
      })
      const box = async (selector: string) => {
        const b = (await page.locator(selector).first().boundingBox())!
        return { left: Math.round(b.x), right: Math.round(b.x + b.width) }
      }
      const heading = await box('.related__title')
      const cards = await page
        .locator('.related .post-card')
        .evaluateAll((all) =>
          all
            .map((card) => card.getBoundingClientRect())
            .map((r) => ({ left: Math.round(r.left), right: Math.round(r.right) })),
        )
      expect(cards).toHaveLength(2)
      expect(heading.left).toBe(Math.min(...cards.map((c) => c.left)))
      expect(heading.right).toBe(Math.max(...cards.map((c) => c.right)))
      // On one reading column with the article.
      expect(await box('.post__article')).toEqual(heading)
      await expectAccessible(page)
      expect(problems).toEqual([])
      await close()
    })

  test('the end of a post shares it and names the feed: links in the HTML, Copy link in the browser, no other site asked', async () => {
    const post = newestFirst[0]!
    const html = await (await fetch(`${server.url}/blog/${post.slug}`)).text()
    for (const network of [
      'x.com/intent/post',
      'bsky.app/intent/compose',
      'reddit.com/submit',
      'facebook.com/sharer',
      'linkedin.com/sharing',
    ])
      expect(html).toContain(
        `https://${network.startsWith('x.') || network.startsWith('bsky') ? '' : 'www.'}${network}`,
      )
    expect(html).toContain('<a href="/rss.xml" type="application/rss+xml">RSS feed</a>')
    const { page, problems, close } = await openPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] })
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    await page.goto(`${server.url}/blog/${post.slug}`)
    await waitForHydration(page)
    const share = page.getByRole('complementary', { name: 'Share this post' })
    await share.getByRole('button', { name: 'Copy link' }).click()
    await share.getByText('Link copied').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/blog/${post.slug}`)
    expect(decodeURIComponent((await share.getByRole('link', { name: /^Reddit/ }).getAttribute('href'))!)).toContain(
      `url=${server.url}/blog/${post.slug}&title=${post.title}`,
    )
    expect(requested.filter((url) => !url.startsWith(server.url) && !url.startsWith('data:'))).toEqual([])
    await expectAccessible(page)
    expect(problems).toEqual([])
    await close()
  })

  test('a post opened directly keeps its text after going to the blog and back', async () => {
    const target = newestFirst[2]!
    const { page, problems, close } = await openBlog(`/blog/${target.slug}`)
    const text = await page.locator('.post-content').textContent()
    expect(text!.length).toBeGreaterThan(200)
    await page.getByRole('link', { name: '← Back to Blog' }).click()
    await page.getByRole('heading', { level: 1, name: 'Blog', exact: true }).waitFor()
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor()
    expect(await page.locator('.post-content').textContent()).toBe(text)
    expect(problems).toEqual([])
    await close()
  })

  test('an unknown slug counts down and lands on the blog', async () => {
    const { page, problems, close } = await openBlog('/blog/no-such-post')
    expect(await page.getByRole('heading', { level: 1, name: 'Post Not Found' }).isVisible()).toBe(true)
    await page.getByText('Redirecting to the blog in 2 seconds…').waitFor({ timeout: 2500 })
    await expectAccessible(page)
    await page.waitForURL(`${server.url}/blog`, { timeout: 5000 })
    await page.locator('.post-card').first().waitFor()
    expect(problems.filter((p) => !p.endsWith('/blog/no-such-post)'))).toEqual([])
    await close()
  })

  test('a draft is not reachable by its slug', async () => {
    const { page, close } = await openPage(browser)
    const response = await page.goto(`${server.url}/blog/unreleased-zebracorn`)
    expect(response?.status()).toBe(404)
    await close()
  })
})

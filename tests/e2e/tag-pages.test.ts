import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { seedPosts } from '../../src/content/seed-posts'
import { openDatabase } from '../../src/server/db/client'
import { posts, postTags, tags } from '../../src/server/db/schema'
import { closeOpenPages, expectAccessible, openPage, sharedBrowser, shoot, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

let server: RunningServer
let browser: Browser
const updates = [...seedPosts]
  .sort((a, b) => a.publishedDaysAgo - b.publishedDaysAgo)
  .filter((p) => p.tags.includes('Updates'))

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), sharedBrowser()])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

describe('tag pages', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 740 },
  ])
    test(`a post's tag opens the tag's page, which lists its posts (${viewport.width} px)`, async () => {
      const { page, problems, close } = await openPage(browser, { viewport })
      await page.goto(`${server.url}/blog/${updates[0]!.slug}`)
      await waitForHydration(page)
      await expectAccessible(page)
      await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Updates' }).click()
      await page.waitForURL(`${server.url}/blog/tag/updates`)
      await page.getByRole('heading', { level: 1, name: 'Updates' }).waitFor()
      expect(await page.locator('.post-card__title').allTextContents()).toEqual(updates.map((p) => p.title))
      expect(await page.title()).toBe('Posts tagged "Updates" | Blog')
      await expectAccessible(page)
      await shoot(page, `tag-page-${viewport.width}`)
      // A card leads on to its post, and the tag page is reached again by its own address.
      await page.locator('.post-card__link').first().click()
      await page.waitForURL(`${server.url}/blog/${updates[0]!.slug}`)
      await page.getByRole('heading', { level: 1, name: updates[0]!.title }).waitFor()
      await expectAccessible(page)
      await page.goto(`${server.url}/blog/tag/updates`)
      await waitForHydration(page)
      await expectAccessible(page)
      expect(problems).toEqual([])
      await close()
    })

  test('an unknown tag is the 404 page', async () => {
    const { page, problems, close } = await openPage(browser)
    const res = await page.goto(`${server.url}/blog/tag/no-such-tag`)
    expect(res?.status()).toBe(404)
    await waitForHydration(page)
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()
    await expectAccessible(page)
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([])
    await close()
  })

  test('a tag gone while its link was on screen is the 404 page, and Go Back returns to the post', async () => {
    const db = await openDatabase({ url: server.databaseUrl })
    const now = new Date()
    const [post] = await db
      .insert(posts)
      .values({
        title: 'Short-lived tag',
        slug: 'short-lived-tag',
        content: '<p>Soon untagged.</p>',
        status: 'published',
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
      })
      .returning()
    const [tag] = await db.insert(tags).values({ name: 'Short-lived', slug: 'short-lived' }).returning()
    await db.insert(postTags).values({ postId: post!.id, tagId: tag!.id })
    const { page, problems, close } = await openPage(browser)
    await page.goto(`${server.url}/blog/short-lived-tag`)
    await waitForHydration(page)
    await db.delete(postTags).where(eq(postTags.tagId, tag!.id))
    db.$client.close()
    // The router goes to the tag in the browser; its loader answers 404, and the page's history is the app's own.
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Short-lived' }).click()
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor()
    expect(page.url()).toBe(`${server.url}/blog/tag/short-lived`)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.waitForURL(`${server.url}/blog/short-lived-tag`)
    await page.getByRole('heading', { level: 1, name: 'Short-lived tag' }).waitFor()
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([])
    await close()
  })
})

test('search suggestions come in order of relevance: "plush" suggests the plush post first', async () => {
  const { page, problems, close } = await openPage(browser)
  await page.goto(`${server.url}/blog`)
  await waitForHydration(page)
  await page.getByRole('combobox', { name: 'Search posts' }).fill('plush')
  const first = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()
  await first.waitFor()
  expect(await first.textContent()).toStartWith('The Emberling Plush by Tumbletop Toys Is Here')
  await expectAccessible(page)
  expect(problems).toEqual([])
  await close()
})

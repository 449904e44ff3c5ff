import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { POST_LIMITS } from '../../src/shared/post-rules'
import { XSS_PAYLOADS } from '../support/xss-payloads'
import { closeOpenPages, openPage, sharedBrowser, waitForHydration } from './support/browser'
import { type RunningServer, startServer } from './support/server'

const PASSWORD = 'e2e-admin-password-123'
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ ADMIN_PASSWORD: PASSWORD }), sharedBrowser()])
})
afterAll(async () => {
  await closeOpenPages()
  await server?.stop()
})

test('hostile post content, published through the admin API, runs no script in the browser', async () => {
  const headers = { 'content-type': 'application/json', origin: server.url }
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ password: PASSWORD }),
  })
  expect(login.status).toBe(200)
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!

  // The payloads go out a few to a post, as many as an excerpt holds (each page load costs a second of
  // CPU): the same payloads reach the same places, the body, the head's description and the cards. Excerpts
  // are only ever text (an attribute, a card's words), so one cannot change how the next is read.
  const batches: number[][] = [[]]
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const batch = batches.at(-1)!
    const length = batch.reduce((sum, i) => sum + XSS_PAYLOADS[i]!.length, payload.length)
    if (length > POST_LIMITS.excerpt) batches.push([index])
    else batch.push(index)
  }
  const slugs: string[] = []
  for (const batch of batches) {
    const res = await fetch(`${server.url}/api/blog`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({
        title: `Payloads ${batch[0]} to ${batch.at(-1)}`,
        content: batch.map((index) => `<p>Payload ${index}</p>${XSS_PAYLOADS[index]}`).join(''),
        excerpt: batch.map((index) => XSS_PAYLOADS[index]).join(''),
        status: 'published',
      }),
    })
    expect(res.status).toBe(201)
    slugs.push(((await res.json()) as { slug: string }).slug)
  }
  expect(batches.flat()).toHaveLength(XSS_PAYLOADS.length)

  const { page, close } = await openPage(browser)
  const dialogs: string[] = []
  page.on('dialog', async (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.message()}`)
    await dialog.dismiss()
  })
  for (const [index, slug] of slugs.entries()) {
    await page.goto(`${server.url}/blog/${slug}`)
    await waitForHydration(page)
    // Each payload's marker is a paragraph of the post's own: no payload swallowed the ones after it
    // (into a comment, a raw-text element or foreign content), so every one was parsed as it stands.
    expect(await page.locator('.post-content > p').allTextContents()).toEqual(
      expect.arrayContaining(batches[index]!.map((payload) => `Payload ${payload}`)),
    )
    await page.locator('.post-content').hover()
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
  }
  // The excerpts also appear on cards and in search results.
  await page.goto(`${server.url}/blog?q=payload`)
  await waitForHydration(page)
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
  expect(dialogs).toEqual([])
  await close()
}, 120_000)

import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
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

  const slugs: string[] = []
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const res = await fetch(`${server.url}/api/blog`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({
        title: `Payload ${index}`,
        content: `<p>Payload ${index}</p>${payload}`,
        excerpt: payload,
        status: 'published',
      }),
    })
    expect(res.status).toBe(201)
    slugs.push(((await res.json()) as { slug: string }).slug)
  }

  const { page, close } = await openPage(browser)
  const dialogs: string[] = []
  page.on('dialog', async (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.message()}`)
    await dialog.dismiss()
  })
  for (const slug of slugs) {
    await page.goto(`${server.url}/blog/${slug}`)
    await waitForHydration(page)
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

import { afterEach, expect, test } from 'bun:test'
import { adminClient } from '../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../tests/support/test-app'

const NOW = Date.UTC(2030, 4, 20, 15)
const TOKEN = 'metrics-token-0123456789'
const apps: TestApp[] = []
afterEach(() => {
  for (const app of apps.splice(0)) app.close()
})

async function app(renderThreads?: number) {
  const made = await createTestApp({ now: () => NOW, seed: true, renderThreads, metricsToken: TOKEN })
  apps.push(made)
  return made
}

/**
 * The page as a visitor gets it, less what follows the times TanStack Query stamps its data with (from its
 * own clock): those times, and the ETag and the inline script's hash in the CSP, which hash them.
 */
const IN_TIME = new Set(['x-request-id', 'etag', 'content-security-policy'])
const page = async (t: TestApp, path: string) => {
  const res = await t.request(path)
  const html = (await res.text()).replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0')
  return { status: res.status, html, headers: [...res.headers].filter(([name]) => !IN_TIME.has(name)) }
}

test('a page for the cache is rendered on a render thread, and is the page the main thread would render', async () => {
  const threaded = await app(1)
  const inline = await app()
  for (const path of ['/', '/blog', '/blog?q=donation', '/jobs', '/no-such-page']) {
    const [away, here] = await Promise.all([page(threaded, path), page(inline, path)])
    expect(away).toEqual(here)
  }
  expect(threaded.renderThreads?.stats()).toEqual({ threads: 1, rendered: 5, failed: 0 })
  const metrics = await (await threaded.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text()
  expect(metrics).toContain('site_thread_renders_total{outcome="rendered"} 5')
  expect(metrics).toContain('site_render_threads 1')
})

test('a page rendered on a thread after a write shows the write at once', async () => {
  const t = await app(1)
  const admin = adminClient(t)
  expect((await admin.login()).status).toBe(200)
  // The thread reads the blog's list now, and would keep it for a second by its own look at the version.
  expect((await page(t, '/blog')).html).not.toContain('Fountain Races')
  const created = await admin.request('POST', '/api/blog', {
    title: 'Fountain Races',
    content: '<p>Ride the rapids.</p>',
    status: 'published',
  })
  expect(created.status).toBe(201)
  expect((await page(t, '/blog')).html).toContain('Fountain Races')
  expect(t.renderThreads?.stats().rendered).toBe(2)
})

test('when no thread can take a page, the main thread renders it', async () => {
  const t = await app(1)
  expect((await page(t, '/blog?q=first')).status).toBe(200)
  const threads = t.renderThreads!
  threads.close()
  // Closed: no thread takes the page, and the main thread renders it.
  const inline = await page(t, '/blog?q=second')
  expect(inline.status).toBe(200)
  expect(inline.html).toContain('second')
  expect(threads.stats()).toEqual({ threads: 0, rendered: 1, failed: 0 })
})

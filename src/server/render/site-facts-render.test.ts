import { expect, test } from 'bun:test'
import type { AppData } from '../../app/data/app-data'
import { site } from '../../content/site'
import type { SiteFacts } from '../../shared/site-facts'
import { loadAssetManifest } from './assets'
import { createRenderLimit } from './render-limit'
import { createPageRenderer } from './render-page'

/** The blog's first page, empty, with the owner's links as `links` gives them. */
const renderWithLinks = (links: () => Promise<SiteFacts>) =>
  createPageRenderer({
    assets: loadAssetManifest(),
    data: () =>
      ({
        blog: {
          list: async () => ({ posts: [], meta: { total: 0, page: 1, limit: 6, totalPages: 1 } }),
          featured: async () => [],
        },
        site: { links },
      }) as unknown as AppData,
    origin: () => 'http://localhost',
    onRenderError: () => {},
    limit: createRenderLimit({ concurrency: 2, queue: 2, maxWaitMs: 1000, retryAfterSeconds: 2, sliceMs: 0 }),
  })({ request: new Request('http://localhost/blog'), now: Date.now(), complete: true })

test("a page carries the owner's links, and may be cached", async () => {
  const page = await renderWithLinks(async () => ({
    ...site.defaultFacts,
    discordUrl: 'https://discord.gg/kw',
    connect: { ...site.defaultFacts.connect, photos: null },
  }))
  expect(page.status).toBe(200)
  expect(page.headers.get('cache-control')).toBe('no-cache')
  const html = await page.text()
  expect(html).toContain('href="https://discord.gg/kw"')
  expect(html).not.toContain(site.defaultFacts.connect.photos!)
})

test('when the links cannot be read the page still renders, with the default links, and says not to store it', async () => {
  const page = await renderWithLinks(async () => {
    throw new Error('database busy')
  })
  expect(page.status).toBe(200)
  expect(page.headers.get('cache-control')).toBe('no-store')
  const html = await page.text()
  for (const href of Object.values(site.defaultFacts.connect)) expect(html).toContain(`href="${href}"`)
})

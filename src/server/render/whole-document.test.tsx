import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { ReactNode } from 'react'
import { openSeedJobs } from '../../../tests/support/jobs'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { seedPosts } from '../../content/seed-posts'
import { createContentVersion } from '../cache/content-version'
import { createPublicServices } from '../public-services'
import { loadAssetManifest } from './assets'
import { createPageRenderer } from './render-page'
import { createServerData } from './server-data'
import { renderWholeDocument } from './whole-document'

const NOW = Date.UTC(2030, 2, 10, 12)
const assets = loadAssetManifest()
let t: TestApp
let renderPage: ReturnType<typeof createPageRenderer>
beforeAll(async () => {
  t = await createTestApp({ now: NOW, seed: true })
  const services = createPublicServices(t.db, {
    content: createContentVersion(t.db, () => NOW),
    clock: () => NOW,
    cacheContent: false,
    mail: null,
    retentionDays: 365,
    previewerGate: { configured: false, digest: null, hint: null },
  })
  renderPage = createPageRenderer({
    assets,
    data: () => createServerData(services, { clientKey: 'test', origin: 'http://localhost' }),
    origin: () => 'http://localhost',
    onRenderError: (error) => {
      throw error
    },
  })
})
afterAll(() => t.close())

const render = async (path: string, options: { complete: boolean; nonce?: string }) => {
  // A browser's: bots are given the whole document however they ask.
  const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36' }
  const response = await renderPage({
    request: new Request(`http://localhost${path}`, { headers }),
    now: NOW,
    ...options,
  })
  // The query cache's own timestamps differ between two renders.
  return (await response.text()).replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0')
}

const entryPreload = (nonce?: string) =>
  `<link rel="modulepreload" fetchPriority="low"${nonce ? ` nonce="${nonce}"` : ''} href="${assets.entry}"/>`

const PAGES = [
  '/',
  '/blog',
  '/blog?q=donation plaza',
  '/blog?q=nothing-matches-this',
  `/blog/${seedPosts[0]!.slug}`,
  '/jobs',
  `/jobs/${openSeedJobs()[0]!.slug}`,
  '/rdc25',
  '/no/such/page',
]

test.each(PAGES)(
  '%s rendered whole is the streamed document, its entry preloaded at the end of the head',
  async (path) => {
    for (const nonce of [undefined, 'n0nce']) {
      const streamed = await render(path, { complete: false, nonce })
      const whole = await render(path, { complete: true, nonce })
      const preload = entryPreload(nonce)
      expect(streamed.split(preload)).toHaveLength(2)
      expect(whole).toContain(`${preload}</head>`)
      expect(whole.replace(preload, '')).toBe(streamed.replace(preload, ''))
    }
  },
)

test('the bootstrap scripts end the body, with the nonce when one is given', async () => {
  const whole = await render('/blog', { complete: true, nonce: 'n0nce' })
  expect(whole).toStartWith('<!DOCTYPE html><html')
  expect(whole).toMatch(
    new RegExp(
      `<script nonce="n0nce" id="_R_">window.__BOOTSTRAP__=[^<]*</script><script type="module" src="${assets.entry}" nonce="n0nce" async=""></script></body></html>$`,
    ),
  )
})

function Suspends(): ReactNode {
  throw new Promise(() => {})
}
function Throws(): ReactNode {
  throw new Error('broken')
}

test('a document that suspends or throws, or a script React would have to escape, is left to the stream', () => {
  const doc = (body: ReactNode) => (
    <html lang="en">
      <head />
      <body>{body}</body>
    </html>
  )
  const options = { bootstrapScriptContent: 'window.x=1', bootstrapModule: '/entry.js' }
  expect(renderWholeDocument(doc(<p>fine</p>), options)).toContain('<p>fine</p>')
  expect(renderWholeDocument(doc(<Suspends />), options)).toBeNull()
  expect(renderWholeDocument(doc(<Throws />), options)).toBeNull()
  const escaping = { ...options, bootstrapScriptContent: 'window.x="</script><script>alert(1)//"' }
  expect(renderWholeDocument(doc(<p>fine</p>), escaping)).toBeNull()
})

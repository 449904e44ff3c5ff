import { expect, test } from 'bun:test'
import { join } from 'node:path'
import { loadAssetManifest } from '../src/server/render/assets'
import { measurePublicJavaScript, PUBLIC_JS_BUDGET_BYTES } from './size'

test('public pages stay within the JavaScript budget and never load the lazy admin chunks', async () => {
  const manifest = loadAssetManifest()
  const entryCode = await Bun.file(join(import.meta.dir, '..', 'dist', manifest.entry)).text()
  const lazyChunks = [...entryCode.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1]!)
  expect(lazyChunks.length).toBeGreaterThan(0)

  for (const page of await measurePublicJavaScript(['/', '/rdc25'])) {
    expect(page.files).toContain(manifest.entry)
    expect(page.gzipBytes).toBeLessThanOrEqual(PUBLIC_JS_BUDGET_BYTES)
    for (const chunk of lazyChunks) expect(page.files).not.toContain(chunk)
  }
})

import { expect, test } from 'bun:test'
import type { RouteObject } from 'react-router'
import { type RouteHandle, routes } from '../src/app/routes'
import { loadAssetManifest } from '../src/server/render/assets'
import { APPLICATION_MESSAGES } from '../src/shared/application-rules'
import { RESUME_FORMATS } from '../src/shared/resume-file'
import { measurePublicJavaScript, PUBLIC_JS_BUDGET_BYTES } from './size'

const manifest = loadAssetManifest()
const ADMIN_MODULES = [
  'src/app/pages/admin/admin-blog-page.tsx',
  'src/app/pages/admin/admin-login-page.tsx',
  'src/app/pages/admin/editor-quill.ts',
]

function handles(list: RouteObject[]): RouteHandle[] {
  return list.flatMap((route) => [
    ...(route.handle ? [route.handle as RouteHandle] : []),
    ...handles(route.children ?? []),
  ])
}

test('every lazy page named in the route table has chunks in the build manifest', () => {
  const modules = handles(routes).map((h) => h.module)
  expect(modules.length).toBeGreaterThan(4)
  for (const module of modules) expect(manifest.routeChunks[module]?.length ?? 0).toBeGreaterThan(0)
})

test('public pages load the entry and their own chunk, never admin or editor code; the home page is within budget', async () => {
  const adminChunks = ADMIN_MODULES.map((module) => manifest.routeChunks[module]![0]!)
  const pages = await measurePublicJavaScript([
    '/',
    '/rdc25',
    '/blog',
    '/blog/golf-cart-gamepass',
    '/jobs',
    '/jobs/senior-gameplay-engineer',
    '/nope',
  ])
  for (const page of pages) {
    expect(page.files).toContain(manifest.entry)
    for (const chunk of adminChunks) expect(page.files).not.toContain(chunk)
    for (const file of page.files) {
      const code = await Bun.file(`dist${file}`).text()
      expect(code).not.toContain('ql-editor')
      expect(code).not.toContain('Blog Administration')
    }
  }
  const home = pages.find((p) => p.path === '/')!
  expect(home.files).toContain(manifest.routeChunks['src/app/pages/home/home-page.tsx']![0]!)
  expect(home.gzipBytes).toBeLessThanOrEqual(PUBLIC_JS_BUDGET_BYTES)
})

test("the entry script leaves the application form's rules and the résumé formats to the job page", async () => {
  const entry = await Bun.file(`dist${manifest.entry}`).text()
  for (const text of [APPLICATION_MESSAGES.successTitle, RESUME_FORMATS.doc.label]) {
    expect({ text, inEntry: entry.includes(text) }).toEqual({ text, inEntry: false })
  }
})

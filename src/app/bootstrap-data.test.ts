import { expect, test } from 'bun:test'
import { type BootstrapData, serializeBootstrap } from './bootstrap-data'

test('bootstrap JSON cannot break out of its script tag and round-trips', () => {
  const data: BootstrapData = {
    router: { loaderData: { x: { title: '</script><script>alert(1)</script> & \u2028' } } },
    queries: { mutations: [], queries: [] },
    request: { now: 1, origin: 'http://localhost' },
    assets: { styles: [], modulePreloads: [], editorStyles: [], files: {} },
  }
  const script = serializeBootstrap(data)
  expect(script).not.toContain('<')
  expect(script).not.toContain('>')
  expect(script).not.toContain('\u2028')
  const parsed = JSON.parse(script.slice('window.__BOOTSTRAP__='.length))
  expect(parsed).toEqual(JSON.parse(JSON.stringify(data)))
})

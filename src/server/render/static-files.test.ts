import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

test('/favicon.ico is the site icon as an ICO, for clients that ask for it by name', async () => {
  const res = await t.request('/favicon.ico')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/x-icon')
  expect(res.headers.get('cache-control')).toContain('max-age=')
  expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
  const ico = new DataView(await res.arrayBuffer())
  // ICONDIR: reserved 0, type 1 (icon), then one 16-byte entry per image, each a PNG here.
  expect([ico.getUint16(0, true), ico.getUint16(2, true)]).toEqual([0, 1])
  const count = ico.getUint16(4, true)
  const sizes = Array.from({ length: count }, (_, i) => ico.getUint8(6 + 16 * i))
  expect(sizes).toEqual([16, 32, 48])
  const firstImage = ico.getUint32(6 + 12, true)
  expect(ico.getUint32(firstImage)).toBe(0x89504e47) // \x89PNG
  expect((await t.request('/favicon.ico', { method: 'HEAD' })).headers.get('content-length')).toBe(
    String(ico.byteLength),
  )
})

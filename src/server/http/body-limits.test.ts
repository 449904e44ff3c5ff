import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

test('Bun no longer caps bodies, so no route lets the framework read one: each reads its own with a limit', () => {
  const parsing = t.app.routes
    .filter((route) => route.method !== 'GET')
    .filter((route) => !JSON.stringify(route.hooks?.parse ?? null).includes('"none"'))
    .map((route) => `${route.method} ${route.path}`)
  expect(parsing).toEqual([])
})

test('a page form post that does not say its length, or says too much, is refused with JSON', async () => {
  const post = (headers: Record<string, string>, body: BodyInit) =>
    t.request('/jobs/senior-gameplay-engineer', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    })
  const chunked = await post({ 'transfer-encoding': 'chunked' }, 'fullName=Ann')
  expect(chunked.status).toBe(411)
  expect(await chunked.json()).toEqual({ error: 'Send the form with a Content-Length' })
  const large = await post({ 'content-length': String(1024 * 1024) }, 'fullName=Ann')
  expect(large.status).toBe(413)
  expect(await large.json()).toEqual({ error: 'The form is too large' })
})

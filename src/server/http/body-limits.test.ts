import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { APPLICATION_MESSAGES, APPLICATION_UPLOAD_LIMIT_BYTES } from '../../shared/application-rules'
import { RESUME_MESSAGES } from '../../shared/resume-file'
import { BodyTooSlow, NoRoomForBody, readBodyBytes } from './body-bytes'

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

test('a page form post that does not say its length is refused with JSON; one that says too much gets the page saying why', async () => {
  const post = (headers: Record<string, string>, body: BodyInit) =>
    t.request('/jobs/senior-gameplay-engineer', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    })
  const chunked = await post({ 'transfer-encoding': 'chunked' }, 'fullName=Ann')
  expect(chunked.status).toBe(411)
  expect(await chunked.json()).toEqual({ error: 'Send the form with a Content-Length' })
  const large = await post({ 'content-length': String(APPLICATION_UPLOAD_LIMIT_BYTES + 1) }, 'fullName=Ann')
  expect(large.status).toBe(413)
  expect(large.headers.get('content-type')).toContain('text/html')
  expect(await large.text()).toContain(`${APPLICATION_MESSAGES.failureTitle}: ${RESUME_MESSAGES.tooLarge}`)
})

/** A body that sends `first` and then nothing more until the reader gives up. */
const stalling = (first: Uint8Array) =>
  new Request('http://localhost/', {
    method: 'POST',
    headers: { 'content-length': String(first.byteLength + 100) },
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(first)
      },
    }),
  })

test('a body that has not arrived by its deadline is cut off (a sender that trickles holds nothing for long)', async () => {
  await expect(readBodyBytes(stalling(new Uint8Array(10)), 1000, { withinMs: 50 })).rejects.toBeInstanceOf(BodyTooSlow)
})

test('a body whose bytes find no room is cut off at once, before they are kept', async () => {
  const asked: number[] = []
  const charge = async (bytes: number) => {
    asked.push(bytes)
    return false
  }
  await expect(readBodyBytes(stalling(new Uint8Array(10)), 1000, { charge })).rejects.toBeInstanceOf(NoRoomForBody)
  expect(asked).toEqual([10])
})

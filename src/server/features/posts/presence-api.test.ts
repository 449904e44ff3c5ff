import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { PRESENCE_TTL_MS } from '../../../shared/post-version'

let now = Date.UTC(2031, 5, 1, 9)
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: true, now: () => now })
})
afterAll(() => t.close())

test('an open editor hears who else has the post open, until they close it or stop saying so', async () => {
  const owner = adminClient(t)
  await owner.login()
  const editor = await joinStaff(t, owner, 'editor', { email: 'eve@studio.test', name: 'Eve Editor' })
  const here = async (client: typeof owner, id = 1) =>
    ((await (await client.request('PUT', `/api/blog/${id}/presence`)).json()) as { editing: string[] }).editing

  expect(await here(owner)).toEqual([])
  expect(await here(editor)).toEqual(['Kindlewave Studios'])
  expect(await here(owner)).toEqual(['Eve Editor'])
  expect(await here(owner, 2)).toEqual([])

  expect((await editor.request('DELETE', '/api/blog/1/presence')).status).toBe(200)
  expect(await here(owner)).toEqual([])

  await here(editor)
  now += PRESENCE_TTL_MS + 1
  expect(await here(owner)).toEqual([])
})

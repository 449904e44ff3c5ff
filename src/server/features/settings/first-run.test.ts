import { afterAll, beforeAll, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../../tests/support/test-app'
import type { AuditEvent } from '../../../shared/admin-security'
import { SETUP_API, type SetupState } from '../../../shared/first-run'
import { STAFF_MESSAGES } from '../../../shared/staff'
import { RECENT_SIGN_IN_MS } from '../../auth/sessions'

let now = Date.now()
let fresh: TestApp
let owner: ReturnType<typeof adminClient>
beforeAll(async () => {
  fresh = await createTestApp({ seed: true, now: () => now })
  owner = adminClient(fresh)
  await owner.login()
})
afterAll(() => fresh.close())

const pending = async (client = owner) =>
  ((await (await client.request('GET', SETUP_API)).json()) as SetupState).pending

test("a fresh install's owner is asked to set it up until they say it is done, once, audited", async () => {
  expect(await pending()).toBe(true)
  const done = await owner.request('POST', `${SETUP_API}/done`)
  expect(await done.json()).toEqual({ pending: false })
  expect(await pending()).toBe(false)
  // Done twice is still done, and audited once.
  expect((await owner.request('POST', `${SETUP_API}/done`)).status).toBe(200)
  const audit = (await (await owner.request('GET', '/api/admin/audit?type=setup')).json()) as AuditEvent[]
  expect(audit.filter((event) => event.type === 'setup.finished')).toHaveLength(1)
})

test('a database its first start did not seed (a site older than the setup) never asks', async () => {
  const older = await createTestApp({ seed: false })
  try {
    const client = adminClient(older)
    await client.login()
    expect(await pending(client)).toBe(false)
  } finally {
    older.close()
  }
})

test('only the owner sees or ends the setup', async () => {
  const administrator = await joinStaff(fresh, owner, 'administrator')
  expect((await administrator.request('GET', SETUP_API)).status).toBe(403)
  expect((await administrator.request('POST', `${SETUP_API}/done`)).status).toBe(403)
})

test('a session signed in a while ago cannot give the email password resets go to', async () => {
  const later = await createTestApp({ seed: true, now: () => now })
  try {
    const client = adminClient(later)
    await client.login()
    now += RECENT_SIGN_IN_MS + 1000
    const stale = await client.request('PATCH', '/api/admin/profile', { name: 'Ada', email: 'ada@later.test' })
    expect(stale.status).toBe(401)
    expect(await stale.json()).toEqual({ error: STAFF_MESSAGES.emailNeedsFreshSignIn })
    // A name alone is still theirs to change.
    expect((await client.request('PATCH', '/api/admin/profile', { name: 'Ada' })).status).toBe(200)
  } finally {
    later.close()
    now = Date.now()
  }
})

test('two emails given at once: one is kept, the other refused; the same one twice is set once', async () => {
  for (const emails of [
    ['first@studio.test', 'second@studio.test'],
    ['same@studio.test', 'same@studio.test'],
  ]) {
    const racing = await createTestApp({ seed: true, now: () => now })
    try {
      const client = adminClient(racing)
      await client.login()
      const answers = await Promise.all(
        emails.map((email) => client.request('PATCH', '/api/admin/profile', { name: 'Ada', email })),
      )
      const statuses = answers.map((answer) => answer.status).sort()
      const kept = ((await answers.find((answer) => answer.status === 200)!.json()) as { email: string }).email
      if (emails[0] === emails[1]) expect(statuses).toEqual([200, 200])
      else {
        expect(statuses).toEqual([200, 400])
        const refusal = (await answers.find((answer) => answer.status === 400)!.json()) as { error: string }
        expect(refusal.error).toBe(STAFF_MESSAGES.emailFixed)
      }
      expect(((await (await client.request('GET', '/api/admin/profile')).json()) as { email: string }).email).toBe(kept)
      const audit = (await (await client.request('GET', '/api/admin/audit?type=profile')).json()) as AuditEvent[]
      expect(audit.map((event) => event.subject)).toEqual([kept])
    } finally {
      racing.close()
    }
  }
})

test('the owner gives their email once, at setup: checked, unique, and fixed from then on', async () => {
  const profile = async () => (await (await owner.request('GET', '/api/admin/profile')).json()) as { email: string }
  expect((await profile()).email).toBe('')
  const refused = async (body: unknown, code = 400) => {
    const res = await owner.request('PATCH', '/api/admin/profile', body)
    expect(res.status).toBe(code)
    return ((await res.json()) as { error: string }).error
  }
  expect(await refused({ name: 'Ada Owner', email: 'not an address' })).toBe(STAFF_MESSAGES.emailInvalid)
  expect(await refused({ name: 'Ada Owner', email: 'administrator@studio.test' }, 409)).toBe(STAFF_MESSAGES.emailTaken)
  const saved = await owner.request('PATCH', '/api/admin/profile', { name: 'Ada Owner', email: ' Ada@Studio.TEST ' })
  expect(saved.status).toBe(200)
  expect(await saved.json()).toMatchObject({ name: 'Ada Owner', email: 'ada@studio.test' })
  // The same address again is no change; another is refused.
  expect((await owner.request('PATCH', '/api/admin/profile', { email: 'ada@studio.test' })).status).toBe(200)
  expect(await refused({ email: 'someone.else@studio.test' })).toBe(STAFF_MESSAGES.emailFixed)
  const audit = (await (await owner.request('GET', '/api/admin/audit?type=profile')).json()) as AuditEvent[]
  expect(audit.map((event) => [event.type, event.subject])).toEqual([['profile.email_set', 'ada@studio.test']])
  // And it signs the owner in.
  const byEmail = await fresh.request('/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify({ email: 'ada@studio.test', password: TEST_ADMIN_PASSWORD }),
  })
  expect(byEmail.status).toBe(200)
})

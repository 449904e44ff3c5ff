import { afterEach, beforeEach, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { softwarePasskey } from '../../../../tests/support/software-passkey'
import { joinStaff, STAFF_TEST_PASSWORD } from '../../../../tests/support/staff'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../../tests/support/test-app'
import { SECURITY_MESSAGES } from '../../../shared/admin-security'
import { createSessionStore } from '../../auth/sessions'
import { LOGIN_THROTTLE } from './login-throttle'

/*
 * A sign-in checks a password it read a moment before it starts a session. Ending a person's sessions
 * (an administrator's reset or suspension, "sign out everywhere") in that moment must also stop it. Under
 * pressure every sign-in waits before its password is checked (LOGIN_THROTTLE.pressureDelayMs): these
 * tests hold that wait open while the change is made, as an attacker's slowed sign-in would meet it.
 */

let t: TestApp
/** The sign-in being held in its wait, if any: `arrived` when it waits, `release` lets it go on. */
type Resolvers = ReturnType<typeof Promise.withResolvers<void>>
let held: { arrived: Resolvers; release: Resolvers } | null = null

beforeEach(async () => {
  t = await createTestApp({
    trustProxy: true,
    sleep: async () => {
      const hold = held
      if (!hold) return
      hold.arrived.resolve()
      await hold.release.promise
    },
  })
})
afterEach(() => t.close())

/** Failures from many addresses until every sign-in waits. */
async function bringPressure() {
  for (let i = 0; i < LOGIN_THROTTLE.pressureFailures; i++) {
    const guess = await adminClient(t).request(
      'POST',
      '/api/admin/login',
      { password: `guess ${i}` },
      { 'x-forwarded-for': `203.0.113.${i % 12}` },
    )
    expect(guess.status).toBe(401)
  }
}

/** Sends a sign-in, makes `meanwhile`'s change while it waits, then lets it go on; its answer. */
async function signInAcross(body: Record<string, unknown>, meanwhile: () => Promise<void>, path = '/api/admin/login') {
  const hold = { arrived: Promise.withResolvers<void>(), release: Promise.withResolvers<void>() }
  held = hold
  const client = adminClient(t)
  const answer = client.request('POST', path, body, { 'x-forwarded-for': '198.51.100.7' })
  await hold.arrived.promise
  held = null
  await meanwhile()
  hold.release.resolve()
  const response = await answer
  return { response, client }
}

const signedIn = async (client: ReturnType<typeof adminClient>) =>
  (await client.request('GET', '/api/admin/check')).status === 200

test('a sign-in under way when an administrator resets the person’s sign-in, or suspends them and lets them back, starts no session', async () => {
  const owner = adminClient(t)
  expect((await owner.login()).status).toBe(200)
  const person = await joinStaff(t, owner, 'editor', { email: 'ed@studio.test' })
  await bringPressure()
  const asPerson = { email: 'ed@studio.test', password: STAFF_TEST_PASSWORD }

  const reset = await signInAcross(asPerson, async () => {
    expect((await owner.request('POST', `/api/admin/staff/${person.id}/reset-sign-in`)).status).toBe(200)
  })
  expect(reset.response.status).toBe(401)
  expect(await reset.response.json()).toEqual({ error: SECURITY_MESSAGES.signInInterrupted })
  expect(reset.response.headers.get('set-cookie')).toBeNull()
  expect(await signedIn(reset.client)).toBe(false)

  // Suspended and let back before the sign-in went on: it was still begun before the suspension.
  const suspended = await signInAcross(asPerson, async () => {
    expect((await owner.request('PATCH', `/api/admin/staff/${person.id}`, { state: 'suspended' })).status).toBe(200)
    expect((await owner.request('PATCH', `/api/admin/staff/${person.id}`, { state: 'active' })).status).toBe(200)
  })
  expect(suspended.response.status).toBe(401)
  const sessions = await owner.json<{ staffId: number }[]>('GET', '/api/admin/sessions')
  expect(sessions.filter((session) => session.staffId === person.id)).toEqual([])

  // The password was never in question: the next sign-in is the person's.
  const again = adminClient(t)
  const next = await again.request('POST', '/api/admin/login', asPerson, { 'x-forwarded-for': '198.51.100.7' })
  expect(next.status).toBe(200)
  expect(await signedIn(again)).toBe(true)
  const audit = await owner.json<{ type: string; subject: string }[]>('GET', '/api/admin/audit?type=login.failed')
  expect(audit.filter((event) => event.subject.includes('changed meanwhile'))).toHaveLength(2)
})

test('“sign out everywhere” stops the owner’s sign-in under way elsewhere; a sign-in with nothing changed goes through', async () => {
  const owner = adminClient(t)
  expect((await owner.login()).status).toBe(200)
  await bringPressure()

  const elsewhere = await signInAcross({ password: TEST_ADMIN_PASSWORD }, async () => {
    const out = await owner.request('POST', '/api/admin/sessions/revoke-others', { password: TEST_ADMIN_PASSWORD })
    expect(out.status).toBe(200)
  })
  expect(elsewhere.response.status).toBe(401)
  expect(await signedIn(elsewhere.client)).toBe(false)
  expect(await signedIn(owner)).toBe(true)

  // Someone else's change does not stop it: each person's sign-ins are their own.
  const unrelated = await signInAcross({ password: TEST_ADMIN_PASSWORD }, async () => {
    await joinStaff(t, owner, 'author', { email: 'au@studio.test' })
  })
  expect(unrelated.response.status).toBe(200)
  expect(await signedIn(unrelated.client)).toBe(true)
})

test('the operator signing everyone out (admin:password) stops a sign-in under way', async () => {
  await bringPressure()
  const operator = await signInAcross({ password: TEST_ADMIN_PASSWORD }, () => createSessionStore(t.db).revokeAll())
  expect(operator.response.status).toBe(401)
  expect(await signedIn(operator.client)).toBe(false)
})

test('a passkey removed while a sign-in with it is under way signs nobody in', async () => {
  const owner = adminClient(t)
  expect((await owner.login()).status).toBe(200)
  const options = await owner.json<{ challenge: string; rp: { id: string } }>('POST', '/api/admin/passkeys/options')
  const key = softwarePasskey(options.rp.id, 'http://localhost')
  const added = await owner.request('POST', '/api/admin/passkeys', {
    response: key.register(options.challenge),
    name: 'Key',
  })
  expect(added.status).toBe(201)
  await bringPressure()

  const signIn = async (meanwhile: () => Promise<void>) => {
    const asked = await adminClient(t).json<{ challenge: string }>('POST', '/api/admin/passkey-login/options')
    const response = key.authenticate(asked.challenge, 'staff-1')
    return signInAcross({ response }, meanwhile, '/api/admin/passkey-login')
  }
  // Nothing changed meanwhile: the passkey signs in.
  const kept = await signIn(async () => {})
  expect(kept.response.status).toBe(200)
  const removed = await signIn(async () => {
    expect((await owner.request('DELETE', `/api/admin/passkeys/${key.id}`)).status).toBe(200)
  })
  expect(removed.response.status).toBe(401)
  expect(await removed.response.json()).toEqual({ error: SECURITY_MESSAGES.signInInterrupted })
  expect(await signedIn(removed.client)).toBe(false)
})

import { afterEach, beforeEach, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { adminClient } from '../../../../tests/support/admin-client'
import { whileAnotherProcessWrites } from '../../../../tests/support/another-process-writes'
import { heldBody } from '../../../../tests/support/held-body'
import { authenticator } from '../../../../tests/support/security-test-support'
import { softwarePasskey } from '../../../../tests/support/software-passkey'
import { joinStaff } from '../../../../tests/support/staff'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../../tests/support/test-app'
import { STAFF_MESSAGES } from '../../../shared/staff'
import { passkeys, sessions, staff } from '../../db/schema'

/*
 * A request is authorised when it arrives. What it adds that lets someone in (a passkey, two-factor, an
 * invitation, a role, the email resets go to) must not be added once its session has ended: not after a body
 * sent slowly on purpose, nor when the session ends as the request waits for its write.
 */

type Client = ReturnType<typeof adminClient>
const now = Date.UTC(2031, 4, 6, 10)
/** The app's clock: `now` unless a test moves it. */
let clock = now
let t: TestApp
let owner: Client
beforeEach(async () => {
  clock = now
  t = await createTestApp({ now: () => clock, sleep: async () => {} })
  owner = adminClient(t)
  expect((await owner.login()).status).toBe(200)
})
afterEach(() => t.close())

const refusedAsEnded = async (answer: Response) => {
  expect(answer.status).toBe(401)
  expect(await answer.json()).toEqual({ error: STAFF_MESSAGES.authenticationRequired })
}

/** Another sign-in as the owner, and its session's id. */
async function ownerElsewhere() {
  const client = adminClient(t)
  expect((await client.login()).status).toBe(200)
  const mine = await client.json<{ id: number; current: boolean }[]>('GET', '/api/admin/sessions')
  return { client, sessionId: mine.find((session) => session.current)!.id }
}

async function passkeyFor(client: Client) {
  const options = await client.json<{ challenge: string; rp: { id: string } }>('POST', '/api/admin/passkeys/options')
  const key = softwarePasskey(options.rp.id, 'http://localhost')
  return { key, answer: key.register(options.challenge) }
}

test('a passkey whose body arrives after the person’s sign-in was reset is not kept, and signs nobody in', async () => {
  const editor = await joinStaff(t, owner, 'editor', { email: 'ed@studio.test' })
  const { key, answer } = await passkeyFor(editor)
  const slow = heldBody(t, 'POST', '/api/admin/passkeys', editor.cookie, { response: answer, name: 'Mine' })
  await slow.begun
  expect((await owner.request('POST', `/api/admin/staff/${editor.id}/reset-sign-in`)).status).toBe(200)
  await refusedAsEnded(await slow.finish())
  expect(await t.db.select().from(passkeys).where(eq(passkeys.staffId, editor.id))).toEqual([])

  const stranger = adminClient(t)
  const options = await stranger.json<{ challenge: string }>('POST', '/api/admin/passkey-login/options')
  const signIn = await stranger.request('POST', '/api/admin/passkey-login', {
    response: key.authenticate(options.challenge, `staff-${editor.id}`),
  })
  expect(signIn.status).toBe(401)
})

test('an invitation whose body arrives after “sign out everywhere” is not made', async () => {
  const elsewhere = await ownerElsewhere()
  const slow = heldBody(t, 'POST', '/api/admin/staff/invitations', elsewhere.client.cookie, {
    email: 'helper@attacker.test',
    role: 'administrator',
  })
  await slow.begun
  expect(
    (await owner.request('POST', '/api/admin/sessions/revoke-others', { password: TEST_ADMIN_PASSWORD })).status,
  ).toBe(200)
  await refusedAsEnded(await slow.finish())
  expect(await t.db.select().from(staff).where(eq(staff.email, 'helper@attacker.test'))).toEqual([])
})

test('a post whose body arrives after “sign out everywhere” is not saved; one from a role lowered meanwhile neither', async () => {
  const elsewhere = await ownerElsewhere()
  const post = { title: 'Parting shot', content: '<p>Written as they left.</p>', status: 'published' }
  const slow = heldBody(t, 'POST', '/api/blog', elsewhere.client.cookie, post)
  await slow.begun
  const out = await owner.request('POST', '/api/admin/sessions/revoke-others', { password: TEST_ADMIN_PASSWORD })
  expect(out.status).toBe(200)
  await refusedAsEnded(await slow.finish())
  expect((await t.request('/blog/parting-shot')).status).toBe(404)

  // An administrator made an author as their invitation of another administrator was on its way.
  const admin = await joinStaff(t, owner, 'administrator', { email: 'ad@studio.test' })
  const invitation = heldBody(t, 'POST', '/api/admin/staff/invitations', admin.cookie, {
    email: 'helper@attacker.test',
    role: 'administrator',
  })
  await invitation.begun
  expect((await owner.request('PATCH', `/api/admin/staff/${admin.id}`, { role: 'author' })).status).toBe(200)
  const lowered = await invitation.finish()
  expect(lowered.status).toBe(403)
  expect(await lowered.json()).toEqual({ error: STAFF_MESSAGES.forbidden })
  expect(await t.db.select().from(staff).where(eq(staff.email, 'helper@attacker.test'))).toEqual([])

  // An editor made a contributor as their post went out: judged as a contributor's, it is not published.
  const editor = await joinStaff(t, owner, 'editor', { email: 'ed@studio.test' })
  const publishing = heldBody(t, 'POST', '/api/blog', editor.cookie, { ...post, title: 'Last word' })
  await publishing.begun
  expect((await owner.request('PATCH', `/api/admin/staff/${editor.id}`, { role: 'contributor' })).status).toBe(200)
  expect((await publishing.finish()).status).toBe(403)
  expect((await t.request('/blog/last-word')).status).toBe(404)
})

test('a passkey made on an invitation withdrawn as it joins is not kept; “sign out everywhere” keeps this session’s own passkey under way', async () => {
  const sent = await owner.json<{ id: number; inviteUrl: string }>('POST', '/api/admin/staff/invitations', {
    email: 'new@studio.test',
    role: 'administrator',
  })
  const path = `/api/admin/invitations/${sent.inviteUrl.split('/').at(-1)}`
  const joiner = adminClient(t)
  const options = await joiner.json<{ challenge: string }>('POST', `${path}/passkey-options`, { name: 'New' })
  const key = softwarePasskey('localhost', 'http://localhost')
  const joined = await whileAnotherProcessWrites(
    t.databaseUrl,
    [`UPDATE staff_invitations SET revoked_at = ${now} WHERE id = ${sent.id}`],
    () => joiner.request('POST', `${path}/accept`, { name: 'New', passkey: key.register(options.challenge) }),
  )
  expect(joined.status).toBe(410)
  expect(await t.db.select().from(passkeys)).toEqual([])

  const mine = await passkeyFor(owner)
  const out = await owner.request('POST', '/api/admin/sessions/revoke-others', { password: TEST_ADMIN_PASSWORD })
  expect(out.status).toBe(200)
  expect((await owner.request('POST', '/api/admin/passkeys', { response: mine.answer, name: 'Mine' })).status).toBe(201)
})

test('a session ended by another process while its request waits to write adds no way in and no right', async () => {
  const editor = await joinStaff(t, owner, 'editor', { email: 'ed@studio.test' })
  const elsewhere = await ownerElsewhere()
  const { answer } = await passkeyFor(elsewhere.client)
  const setup = await elsewhere.client.json<{ secret: string }>('POST', '/api/admin/2fa/setup')
  const open = await owner.json<{ id: number }>('POST', '/api/admin/staff/invitations', {
    email: 'open@studio.test',
    role: 'editor',
  })
  const writes: Record<string, () => Promise<Response>> = {
    'a passkey': () => elsewhere.client.request('POST', '/api/admin/passkeys', { response: answer, name: 'Mine' }),
    'two-factor': () =>
      elsewhere.client.request('POST', '/api/admin/2fa/enable', { code: authenticator(setup.secret)(now) }),
    'an invitation': () =>
      elsewhere.client.request('POST', '/api/admin/staff/invitations', { email: 'x@attacker.test', role: 'editor' }),
    'an invitation sent again': () =>
      elsewhere.client.request('POST', `/api/admin/staff/invitations/${open.id}/resend`),
    'a password': () =>
      elsewhere.client.request('POST', '/api/admin/password', {
        currentPassword: TEST_ADMIN_PASSWORD,
        newPassword: 'a password of the attacker 9',
      }),
    'a role': () => elsewhere.client.request('PATCH', `/api/admin/staff/${editor.id}`, { role: 'administrator' }),
    'an email': () =>
      elsewhere.client.request('PATCH', '/api/admin/profile', { name: 'Owner', email: 'x@attacker.test' }),
  }
  const [session] = await t.db.select().from(sessions).where(eq(sessions.id, elsewhere.sessionId))
  for (const [what, send] of Object.entries(writes)) {
    // Only the session goes: the request's own session check, when it arrived, still found it.
    const sent = await whileAnotherProcessWrites(
      t.databaseUrl,
      [`DELETE FROM sessions WHERE id = ${elsewhere.sessionId}`],
      send,
    )
    expect([what, sent.status]).toEqual([what, 401])
    // Back for the next one.
    await t.db.insert(sessions).values(session!)
  }
  expect(await t.db.select().from(passkeys)).toEqual([])
  expect((await owner.json<{ enabled: boolean }>('GET', '/api/admin/2fa')).enabled).toBe(false)

  const people = await owner.json<{ id: number; email: string; role: string }[]>('GET', '/api/admin/staff')
  expect(people.map((person) => person.email)).not.toContain('x@attacker.test')
  expect(people.find((person) => person.id === editor.id)?.role).toBe('editor')
  // The password neither changed nor signed the owner out anywhere.
  const owners = await owner.json<{ staffId: number }[]>('GET', '/api/admin/sessions')
  expect(owners.filter((session) => session.staffId === 1)).toHaveLength(2)
  expect((await adminClient(t).login()).status).toBe(200)

  // Nor does it take one away: two-factor stays on.
  const ownSetup = await owner.json<{ secret: string }>('POST', '/api/admin/2fa/setup')
  const turnedOn = await owner.request('POST', '/api/admin/2fa/enable', { code: authenticator(ownSetup.secret)(now) })
  const { recoveryCodes } = (await turnedOn.json()) as { recoveryCodes: string[] }
  const off = await whileAnotherProcessWrites(
    t.databaseUrl,
    [`DELETE FROM sessions WHERE id = ${elsewhere.sessionId}`],
    () =>
      elsewhere.client.request('POST', '/api/admin/2fa/disable', {
        password: TEST_ADMIN_PASSWORD,
        code: recoveryCodes[0],
      }),
  )
  expect(off.status).toBe(401)
  expect((await owner.json<{ enabled: boolean }>('GET', '/api/admin/2fa')).enabled).toBe(true)
})

test('the second look at a session once the body is in writes no last-seen time: the arrival kept the session active', async () => {
  const seenAt = async () =>
    (await t.db.select({ at: sessions.lastSeenAt }).from(sessions)).map(({ at }) => at.getTime()).sort()
  // Back after a while: the request that arrives keeps the session active, once.
  clock = now + 10 * 60_000
  const slow = heldBody(t, 'POST', '/api/blog', owner.cookie, {
    title: 'Slow',
    content: '<p>Slow.</p>',
    status: 'draft',
  })
  await slow.begun
  expect(await seenAt()).toEqual([clock])
  const arrived = clock
  clock += 10 * 60_000
  expect((await slow.finish()).status).toBe(201)
  expect(await seenAt()).toEqual([arrived])
})

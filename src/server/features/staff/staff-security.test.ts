import { afterEach, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { joinStaff, STAFF_TEST_PASSWORD } from '../../../../tests/support/staff'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../../tests/support/test-app'
import { PASSKEY_MESSAGES, STAFF_MESSAGES } from '../../../shared/staff'
import { RECENT_SIGN_IN_MS } from '../../auth/sessions'
import { passkeys } from '../../db/schema'
import { LOGIN_THROTTLE } from '../admin/login-throttle'
import { PASSKEY_CHALLENGE_LIMIT } from '../admin/passkey-routes'

let now = Date.UTC(2031, 7, 1, 9)
let t: TestApp
afterEach(() => t?.close())

async function setUp() {
  now = Date.UTC(2031, 7, 1, 9)
  t = await createTestApp({ seed: true, now: () => now, sleep: async () => {} })
  const owner = adminClient(t)
  await owner.login()
  return owner
}

test('signing in as oneself never clears one’s failures against the owner', async () => {
  const owner = await setUp()
  const me = await joinStaff(t, owner, 'contributor', { email: 'me@studio.test' })
  const login = (body: Record<string, unknown>) => adminClient(t).request('POST', '/api/admin/login', body)
  for (let guess = 1; guess < LOGIN_THROTTLE.freeFailures; guess++)
    expect((await login({ password: `guess ${guess}` })).status).toBe(401)
  expect((await login({ email: me.email, password: STAFF_TEST_PASSWORD })).status).toBe(200)
  // Had the contributor's success cleared the count, the owner's password could be guessed afresh.
  let more = 0
  while ((await login({ password: `more ${more}` })).status !== 429 && more < LOGIN_THROTTLE.freeFailures) more++
  expect(more).toBeLessThanOrEqual(1)
  // The owner's right password waits for the lock too: it is this client that is locked.
  expect((await login({ password: TEST_ADMIN_PASSWORD })).status).toBe(429)
})

test('guessing across many staff addresses from one client is limited as guessing one password is', async () => {
  await setUp()
  const statuses: number[] = []
  for (let i = 0; i <= LOGIN_THROTTLE.freeFailures; i++)
    statuses.push(
      (await adminClient(t).request('POST', '/api/admin/login', { email: `p${i}@studio.test`, password: 'guess' }))
        .status,
    )
  expect(statuses.at(-1)).toBe(429)
})

test('a withdrawn invitation cannot be sent again; a removed person cannot be brought back', async () => {
  const owner = await setUp()
  const sent = await owner.json<{ id: number }>('POST', '/api/admin/staff/invitations', {
    email: 'gone@studio.test',
    role: 'administrator',
  })
  expect((await owner.request('DELETE', `/api/admin/staff/invitations/${sent.id}`)).status).toBe(200)
  expect((await owner.request('POST', `/api/admin/staff/invitations/${sent.id}/resend`)).status).toBe(404)

  const author = await joinStaff(t, owner, 'author', { email: 'kept@studio.test' })
  await author.request('POST', '/api/blog', { title: 'Kept', content: '<p>A</p>', status: 'published' })
  expect((await owner.request('DELETE', `/api/admin/staff/${author.id}?posts=keep`)).status).toBe(200)
  const back = await owner.request('PATCH', `/api/admin/staff/${author.id}`, { state: 'active' })
  expect(back.status).toBe(404)
})

test('restoring a version is checked like a save: a contributor cannot republish through history', async () => {
  const owner = await setUp()
  const contributor = await joinStaff(t, owner, 'contributor', { email: 'c@studio.test' })
  const { id } = await contributor.json<{ id: number }>('POST', '/api/blog', {
    title: 'Mine',
    content: '<p>A</p>',
    status: 'draft',
  })
  expect(
    (await owner.request('PUT', `/api/blog/${id}`, { title: 'Mine', content: '<p>A</p>', status: 'published' })).status,
  ).toBe(200)
  expect(
    (await owner.request('PUT', `/api/blog/${id}`, { title: 'Mine', content: '<p>A</p>', status: 'draft' })).status,
  ).toBe(200)
  const history = await owner.json<{ id: number; status: string }[]>('GET', `/api/blog/${id}/revisions`)
  const published = history.find((revision) => revision.status === 'published')!
  const restore = await contributor.request('POST', `/api/blog/${id}/revisions/${published.id}/restore`)
  expect(restore.status).toBe(403)
  expect(await restore.json()).toEqual({ error: STAFF_MESSAGES.contributorsDraftOnly })
  // Someone else's draft link is not handed out with the post.
  const other = await joinStaff(t, owner, 'editor', { email: 'e@studio.test' })
  expect((await other.json<{ draftLinkUrl: string | null }>('GET', `/api/blog/${id}`)).draftLinkUrl).not.toBeNull()
  const author = await joinStaff(t, owner, 'author', { email: 'a@studio.test' })
  expect((await author.json<{ draftLinkUrl: string | null }>('GET', `/api/blog/${id}`)).draftLinkUrl).toBeNull()
})

test('an administrator cannot sign the owner out or reset the owner; the owner resets anyone else', async () => {
  const owner = await setUp()
  const admin = await joinStaff(t, owner, 'administrator', { email: 'adm@studio.test' })
  const sessions = await admin.json<{ id: number; staffId: number }[]>('GET', '/api/admin/sessions')
  const ownerSession = sessions.find((session) => session.staffId === 1)!
  expect((await admin.request('DELETE', `/api/admin/sessions/${ownerSession.id}`)).status).toBe(403)
  expect((await admin.request('POST', '/api/admin/staff/1/reset-sign-in')).status).toBe(403)
  expect((await owner.request('GET', '/api/admin/check')).status).toBe(200)

  await t.db.insert(passkeys).values({
    id: 'cred-1',
    staffId: admin.id,
    publicKey: Buffer.from([1]),
    counter: 0,
    transports: [],
    name: 'Laptop',
    createdAt: new Date(now),
  })
  expect((await owner.request('POST', `/api/admin/staff/${admin.id}/reset-sign-in`)).status).toBe(200)
  expect(await t.db.select().from(passkeys)).toEqual([])
  expect((await admin.request('GET', '/api/admin/check')).status).toBe(401)
})

test('adding a passkey asks for the password once the sign-in is a few minutes old', async () => {
  const owner = await setUp()
  expect((await owner.request('POST', '/api/admin/passkeys/options')).status).toBe(200)
  now += RECENT_SIGN_IN_MS + 1000
  const asked = await owner.request('POST', '/api/admin/passkeys/options')
  expect(asked.status).toBe(401)
  expect(await asked.json()).toEqual({
    error: PASSKEY_MESSAGES.reauthenticationRequired,
    reauthenticationRequired: true,
  })
  expect((await owner.request('POST', '/api/admin/passkeys/options', { password: 'not it at all' })).status).toBe(401)
  expect((await owner.request('POST', '/api/admin/passkeys/options', { password: TEST_ADMIN_PASSWORD })).status).toBe(
    200,
  )
})

test('a client asks for passkey sign-in challenges only so often', async () => {
  await setUp()
  const ask = () => adminClient(t).request('POST', '/api/admin/passkey-login/options')
  for (let i = 0; i < PASSKEY_CHALLENGE_LIMIT.max; i++) expect((await ask()).status).toBe(200)
  const refused = await ask()
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
})

test('joining with a passkey needs a passkey made on this invitation’s challenge; nothing else activates the person', async () => {
  const owner = await setUp()
  const sent = await owner.json<{ inviteUrl: string }>('POST', '/api/admin/staff/invitations', {
    email: 'pk@studio.test',
    role: 'editor',
  })
  const token = sent.inviteUrl.split('/').at(-1)!
  const options = await adminClient(t).json<{ challenge: string }>(
    'POST',
    `/api/admin/invitations/${token}/passkey-options`,
    {
      name: 'Pk',
    },
  )
  expect(options.challenge.length).toBeGreaterThan(20)
  const forged = await adminClient(t).request('POST', `/api/admin/invitations/${token}/accept`, {
    name: 'Pk',
    passkey: { id: 'x', rawId: 'x', type: 'public-key', response: {}, clientExtensionResults: {} },
  })
  expect(forged.status).toBe(400)
  expect(await forged.json()).toEqual({ error: PASSKEY_MESSAGES.registrationFailed })
  const staff = await owner.json<{ email: string; state: string }[]>('GET', '/api/admin/staff')
  expect(staff.find((person) => person.email === 'pk@studio.test')?.state).toBe('invited')
})

import { afterEach, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { eventually } from '../../../../tests/support/eventually'
import { closeMailApp, type LoopbackSmtp, loopbackSmtp } from '../../../../tests/support/smtp'
import { joinStaff, STAFF_TEST_PASSWORD } from '../../../../tests/support/staff'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'
import { PASSWORD_RESET_VALID_MINUTES, STAFF_MESSAGES } from '../../../shared/staff'
import { mailOutbox } from '../../db/schema'
import { PASSWORD_RESET_LIMIT } from './password-reset-routes'

let now = Date.UTC(2031, 8, 1, 9)
let t: TestApp
let smtp: LoopbackSmtp
afterEach(async () => {
  await closeMailApp(t, smtp)
})

async function setUp() {
  now = Date.UTC(2031, 8, 1, 9)
  smtp = loopbackSmtp()
  await smtp.listen()
  t = await createTestApp({ now: () => now, smtpUrl: smtp.url, trustProxy: true })
  const owner = adminClient(t)
  await owner.login()
  return owner
}
const ask = (email: string, from = '10.1.1.1') =>
  adminClient(t).request('POST', '/api/admin/password-reset', { email }, { 'x-forwarded-for': from })

/** The links asked for are made after the answer: wait until the outbox holds `count` messages. */
async function outboxHolds(count: number) {
  for (let waited = 0; (await t.db.select().from(mailOutbox)).length < count && waited < 3000; waited += 20)
    await Bun.sleep(20)
}

test('a "forgot password" link changes the password once, within half an hour, and signs the person out everywhere', async () => {
  const owner = await setUp()
  const person = await joinStaff(t, owner, 'editor', { email: 'fay@studio.test' })
  const known = await ask('Fay@Studio.test')
  const unknown = await ask('nobody@studio.test')
  expect([known.status, unknown.status]).toEqual([200, 200])
  expect(await known.json()).toEqual(await unknown.json())
  await outboxHolds(2)
  await t.mailSender!.runOnce()
  // The invitation, then the link.
  const message = (await smtp.waitFor(2)).find((mail) => mail.text?.includes('/admin/reset/'))
  expect(message!.to).toMatchObject({ text: 'fay@studio.test' })
  const link = /http:\/\/\S+\/admin\/reset\/(\S+)/.exec(message!.text ?? '')!
  const token = link[1]!

  expect(await (await adminClient(t).request('GET', `/api/admin/password-reset/${token}`)).json()).toEqual({
    email: 'fay@studio.test',
  })
  const newPassword = 'saffron tide lantern 77'
  expect(
    (await adminClient(t).request('POST', `/api/admin/password-reset/${token}`, { password: 'short' })).status,
  ).toBe(400)
  expect(
    (await adminClient(t).request('POST', `/api/admin/password-reset/${token}`, { password: newPassword })).status,
  ).toBe(200)
  expect((await person.request('GET', '/api/admin/check')).status).toBe(401)
  const again = await adminClient(t).request('POST', `/api/admin/password-reset/${token}`, { password: newPassword })
  expect(await again.json()).toEqual({ error: STAFF_MESSAGES.resetLinkGone })
  const signIn = (password: string) =>
    adminClient(t).request('POST', '/api/admin/login', { email: 'fay@studio.test', password })
  expect((await signIn(STAFF_TEST_PASSWORD)).status).toBe(401)
  expect((await signIn(newPassword)).status).toBe(200)

  await ask('fay@studio.test')
  await outboxHolds(3)
  await t.mailSender!.runOnce()
  const second = (await smtp.waitFor(3))[2]
  const late = /\/admin\/reset\/(\S+)/.exec(second!.text ?? '')![1]!
  now += PASSWORD_RESET_VALID_MINUTES * 60_000 + 1
  expect((await adminClient(t).request('GET', `/api/admin/password-reset/${late}`)).status).toBe(410)
})

test('no link is sent to the owner (whose password is the operator’s) or a suspended person; requests are limited per client', async () => {
  const owner = await setUp()
  const person = await joinStaff(t, owner, 'author', { email: 'sus@studio.test' })
  await owner.request('PATCH', `/api/admin/staff/${person.id}`, { state: 'suspended' })
  expect((await ask('sus@studio.test')).status).toBe(200)
  await Bun.sleep(200)
  expect(await t.db.select().from(mailOutbox)).toHaveLength(1) // the invitation only
  for (let i = 1; i < PASSWORD_RESET_LIMIT.max; i++) await ask(`x${i}@studio.test`, '10.2.2.2')
  expect((await ask('y@studio.test', '10.2.2.2')).status).toBe(200)
  expect((await ask('z@studio.test', '10.2.2.2')).status).toBe(429)
})

test('a person asking again and again gets a few links, not a mailbox full, though the asks arrive at once', async () => {
  const owner = await setUp()
  await joinStaff(t, owner, 'editor', { email: 'many@studio.test' })
  await Promise.all(Array.from({ length: 8 }, (_, i) => ask('many@studio.test', `10.3.3.${i}`)))
  const links = async () => (await t.db.select().from(mailOutbox)).filter((row) => row.kind === 'password-reset').length
  // Each link is made after its answer: wait for the third, then give the others their turn.
  expect(await eventually(async () => (await links()) >= 3, 5000)).toBe(true)
  await Bun.sleep(300)
  expect(await links()).toBe(3)
})

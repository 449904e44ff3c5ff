import { expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { clock, enableTwoFactor, securityTestApps } from '../../../../tests/support/security-test-support'
import { TEST_ADMIN_PASSWORD, type TestApp } from '../../../../tests/support/test-app'
import { type AuditEvent, SECURITY_MESSAGES } from '../../../shared/admin-security'
import { CONSECUTIVE_CODE_FAILURES, createTwoFactor } from '../../auth/two-factor'
import { twoFactor } from '../../db/schema'
import { createLoginThrottle, LOGIN_THROTTLE } from './login-throttle'

const appWith = securityTestApps()

test('whoever has the password cannot guess codes window after window: past 100 wrong ones only a recovery code signs in, and it starts them over', async () => {
  const t = await appWith({ trustProxy: true })
  const owner = adminClient(t)
  expect((await owner.login()).status).toBe(200)
  const { code, recoveryCodes } = await enableTwoFactor(owner)
  let address = 0
  const signIn = (typed: string) =>
    adminClient(t).request(
      'POST',
      '/api/admin/login',
      { password: TEST_ADMIN_PASSWORD, code: typed },
      // Each from an address of its own: the guesser is not one client the per-address limit would stop.
      { 'x-forwarded-for': `198.51.100.${address++ % 250}` },
    )
  /** A six-digit code that is right at no step around now. */
  const wrongCode = () => {
    const right = [-30_000, 0, 30_000].map((offset) => code(clock.now + offset))
    let guess = Number(right[1]!)
    do guess = (guess + 1) % 1_000_000
    while (right.includes(String(guess).padStart(6, '0')))
    return String(guess).padStart(6, '0')
  }

  // As many as the login limits let through each window, window after window.
  let wrong = 0
  while (wrong < CONSECUTIVE_CODE_FAILURES) {
    for (let i = 0; i < LOGIN_THROTTLE.codeFailures && wrong < CONSECUTIVE_CODE_FAILURES; i++, wrong++) {
      const guessed = await signIn(wrongCode())
      expect(guessed.status).toBe(401)
    }
    clock.now += LOGIN_THROTTLE.windowMs + 1000
  }
  // Even the right code is refused now, with what to do instead.
  const right = await signIn(code())
  expect(right.status).toBe(401)
  expect(await right.json()).toEqual({ error: SECURITY_MESSAGES.codesStopped, twoFactorRequired: true })

  expect((await signIn(recoveryCodes[0]!)).status).toBe(200)
  clock.now += 30_000
  const back = adminClient(t)
  const signedIn = await back.request('POST', '/api/admin/login', { password: TEST_ADMIN_PASSWORD, code: code() })
  expect(signedIn.status).toBe(200)

  const audit = await back.json<AuditEvent[]>('GET', '/api/admin/audit?type=login.locked')
  expect(audit.filter((event) => event.subject.includes('until a recovery code'))).toHaveLength(1)
}, 60_000)

const stopCodes = (t: TestApp) => t.db.update(twoFactor).set({ failedCodes: CONSECUTIVE_CODE_FAILURES })

test('stopped codes leave the owner their recovery code, however often they retry from one address; admin:unlock lifts the stop', async () => {
  const t = await appWith({ trustProxy: true })
  const owner = adminClient(t)
  expect((await owner.login()).status).toBe(200)
  const { code, recoveryCodes } = await enableTwoFactor(owner)
  await stopCodes(t)
  const fromHome = (typed: string) =>
    adminClient(t).request(
      'POST',
      '/api/admin/login',
      { password: TEST_ADMIN_PASSWORD, code: typed },
      { 'x-forwarded-for': '203.0.113.5' },
    )
  for (let i = 0; i <= LOGIN_THROTTLE.freeFailures; i++) {
    clock.now += 30_000
    expect(await (await fromHome(code())).json()).toEqual({
      error: SECURITY_MESSAGES.codesStopped,
      twoFactorRequired: true,
    })
  }
  expect((await fromHome(recoveryCodes[0]!)).status).toBe(200)

  await stopCodes(t)
  await createLoginThrottle(t.db).unlockAll()
  clock.now += 30_000
  expect((await fromHome(code())).status).toBe(200)
})

test('codes sent at once are each counted before they are checked: never more than 100 checked in a row', async () => {
  const t = await appWith()
  const owner = adminClient(t)
  expect((await owner.login()).status).toBe(200)
  await enableTwoFactor(owner)
  await t.db.update(twoFactor).set({ failedCodes: CONSECUTIVE_CODE_FAILURES - 5 })
  const checks = await Promise.all(
    Array.from({ length: 10 }, () => createTwoFactor(t.db, () => clock.now).verify('000000')),
  )
  expect(checks.filter((check) => !check.ok && check.stopped === 'before')).toHaveLength(5)
  const [row] = await t.db.select({ failedCodes: twoFactor.failedCodes }).from(twoFactor)
  expect(row!.failedCodes).toBe(CONSECUTIVE_CODE_FAILURES)
})

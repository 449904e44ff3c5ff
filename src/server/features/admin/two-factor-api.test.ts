import { describe, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import {
  authenticator,
  clock,
  enableTwoFactor,
  securityTestApps,
} from '../../../../tests/support/security-test-support'
import { TEST_ADMIN_PASSWORD } from '../../../../tests/support/test-app'
import { type AuditEvent, SECURITY_MESSAGES } from '../../../shared/admin-security'

const app = securityTestApps()

describe('two-factor sign-in', () => {
  test('enable with a first code, then every login needs a fresh code that works only once', async () => {
    const t = await app()
    const admin = adminClient(t)
    await admin.login()
    expect((await admin.json<{ twoFactor: boolean }>('GET', '/api/admin/check')).twoFactor).toBe(false)

    // Not active until confirmed: a wrong first code leaves it off.
    const setup = await admin.json<{ secret: string; otpauthUrl: string }>('POST', '/api/admin/2fa/setup')
    expect(setup.otpauthUrl).toStartWith('otpauth://totp/')
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`)
    const wrong = await admin.request('POST', '/api/admin/2fa/enable', { code: '000000' })
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).error).toBe(SECURITY_MESSAGES.invalidCode)
    expect((await admin.json<{ twoFactor: boolean }>('GET', '/api/admin/check')).twoFactor).toBe(false)
    const fresh = adminClient(t)
    expect((await fresh.login()).status).toBe(200)

    const { code, recoveryCodes } = await enableTwoFactor(admin)
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    expect((await admin.json<{ twoFactor: boolean }>('GET', '/api/admin/check')).twoFactor).toBe(true)

    // The right password alone: a 401 that asks for the code, and no session.
    const visitor = adminClient(t)
    const passwordOnly = await visitor.login()
    expect(passwordOnly.status).toBe(401)
    expect(await passwordOnly.json()).toEqual({ error: SECURITY_MESSAGES.codeRequired, twoFactorRequired: true })
    expect(passwordOnly.headers.get('set-cookie')).toBeNull()
    // The code used to turn it on cannot be replayed.
    const replay = await visitor.request('POST', '/api/admin/login', { password: TEST_ADMIN_PASSWORD, code: code() })
    expect(replay.status).toBe(401)
    expect((await replay.json()).twoFactorRequired).toBe(true)

    clock.now += 30_000
    const ok = await visitor.request('POST', '/api/admin/login', { password: TEST_ADMIN_PASSWORD, code: code() })
    expect(ok.status).toBe(200)
    expect((await visitor.request('GET', '/api/admin/check')).status).toBe(200)
    const again = adminClient(t)
    const sameCode = await again.request('POST', '/api/admin/login', { password: TEST_ADMIN_PASSWORD, code: code() })
    expect(sameCode.status).toBe(401)
    // A wrong password never reveals that a code would be asked for.
    const wrongPassword = await again.request('POST', '/api/admin/login', { password: 'not it at all', code: code() })
    expect(await wrongPassword.json()).toEqual({ error: 'Invalid admin password' })
  })

  test('a recovery code signs in once, however it is typed', async () => {
    const t = await app()
    const admin = adminClient(t)
    await admin.login()
    const { recoveryCodes } = await enableTwoFactor(admin)
    const [first] = recoveryCodes
    const typed = ` ${first!.toUpperCase().replaceAll('-', ' ')} `
    const once = await adminClient(t).request('POST', '/api/admin/login', {
      password: TEST_ADMIN_PASSWORD,
      code: typed,
    })
    expect(once.status).toBe(200)
    const twice = await adminClient(t).request('POST', '/api/admin/login', {
      password: TEST_ADMIN_PASSWORD,
      code: first,
    })
    expect(twice.status).toBe(401)
    const events = await admin.json<AuditEvent[]>('GET', '/api/admin/audit?type=two_factor')
    expect(events.map((e) => e.type)).toEqual(['two_factor.recovery_code_used', 'two_factor.enabled'])
  })

  test('turning it off needs the password and a code', async () => {
    const t = await app()
    const admin = adminClient(t)
    await admin.login()
    const { code } = await enableTwoFactor(admin)
    clock.now += 30_000
    const noCode = await admin.request('POST', '/api/admin/2fa/disable', { password: TEST_ADMIN_PASSWORD })
    expect(noCode.status).toBe(401)
    expect((await noCode.json()).twoFactorRequired).toBe(true)
    const wrongPassword = await admin.request('POST', '/api/admin/2fa/disable', { password: 'wrong one', code: code() })
    expect(wrongPassword.status).toBe(401)
    expect((await wrongPassword.json()).error).toBe(SECURITY_MESSAGES.wrongCurrentPassword)
    const off = await admin.request('POST', '/api/admin/2fa/disable', { password: TEST_ADMIN_PASSWORD, code: code() })
    expect(off.status).toBe(200)
    expect((await admin.json<{ twoFactor: boolean }>('GET', '/api/admin/check')).twoFactor).toBe(false)
    expect((await adminClient(t).login()).status).toBe(200)
  })

  test('wrong codes count towards the login limits', async () => {
    const t = await app()
    const admin = adminClient(t)
    await admin.login()
    await enableTwoFactor(admin)
    const guesser = adminClient(t)
    const statuses: number[] = []
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await guesser.request('POST', '/api/admin/login', { password: TEST_ADMIN_PASSWORD, code: `12345${i}` }))
          .status,
      )
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
  })
})

test('setting up two-factor from a session older than 15 minutes needs the password', async () => {
  const t = await app()
  const admin = adminClient(t)
  await admin.login()
  clock.now += 16 * 60_000
  const asked = await admin.request('POST', '/api/admin/2fa/setup')
  expect(asked.status).toBe(401)
  expect((await asked.json()).reauthenticationRequired).toBe(true)
  const wrong = await admin.request('POST', '/api/admin/2fa/setup', { password: 'not the password' })
  expect(wrong.status).toBe(401)
  expect((await admin.request('POST', '/api/admin/2fa/setup', { password: TEST_ADMIN_PASSWORD })).status).toBe(200)
  // The session itself is still good for everything else.
  expect((await admin.request('GET', '/api/admin/check')).status).toBe(200)
})

test('after 10 wrong codes from anywhere, authenticator codes wait; a recovery code still signs in and resets the count', async () => {
  const t = await app({ trustProxy: true })
  const admin = adminClient(t)
  await admin.login()
  const { code, recoveryCodes } = await enableTwoFactor(admin)
  const loginFrom = (address: string, typed: string) =>
    adminClient(t).request(
      'POST',
      '/api/admin/login',
      { password: TEST_ADMIN_PASSWORD, code: typed },
      { 'x-forwarded-for': address },
    )
  for (let i = 0; i < 10; i++) expect((await loginFrom(`198.18.0.${i}`, `00000${i}`)).status).toBe(401)
  clock.now += 30_000
  const refused = await loginFrom('198.18.1.1', code())
  expect(refused.status).toBe(429)
  expect(await refused.json()).toEqual({ error: SECURITY_MESSAGES.tooManyWrongCodes, twoFactorRequired: true })
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  expect((await loginFrom('198.18.1.2', recoveryCodes[0]!)).status).toBe(200)
  expect((await loginFrom('198.18.1.3', code())).status).toBe(200)
  const locks = await admin.json<AuditEvent[]>('GET', '/api/admin/audit?type=login.locked')
  expect(locks.map((e) => e.subject)).toEqual(['sign-in: authenticator codes, after wrong ones'])
})

test('a pending secret is turned on only by the session that asked for it, within 10 minutes and 5 wrong codes', async () => {
  const t = await app()
  const owner = adminClient(t)
  const other = adminClient(t)
  await owner.login()
  await other.login()
  const setup = async () => owner.json<{ secret: string }>('POST', '/api/admin/2fa/setup')
  const enable = (client: ReturnType<typeof adminClient>, code: string) =>
    client.request('POST', '/api/admin/2fa/enable', { code })

  let code = authenticator((await setup()).secret)
  expect((await enable(other, code())).status).toBe(409)
  clock.now += 10 * 60_000 + 1
  expect((await enable(owner, code())).status).toBe(409)

  await owner.login()
  code = authenticator((await setup()).secret)
  for (let i = 0; i < 4; i++) expect((await enable(owner, `99999${i}`)).status).toBe(400)
  const dropped = await enable(owner, '999994')
  expect(dropped.status).toBe(409)
  expect((await dropped.json()).error).toBe(SECURITY_MESSAGES.setupDropped)
  expect((await enable(owner, code())).status).toBe(409)

  code = authenticator((await setup()).secret)
  expect((await owner.request('POST', '/api/admin/2fa/cancel')).status).toBe(200)
  expect((await enable(owner, code())).status).toBe(409)

  // As an app shows it, with a space in the middle.
  code = authenticator((await setup()).secret)
  const spaced = `${code().slice(0, 3)} ${code().slice(3)}`
  expect((await enable(owner, spaced)).status).toBe(200)
})

test('while codes wait, the owner trying fresh codes keeps the attempts a recovery code needs; code failures are always in the log', async () => {
  const t = await app({ trustProxy: true })
  const admin = adminClient(t)
  await admin.login()
  const { code, recoveryCodes } = await enableTwoFactor(admin)
  const loginFrom = (address: string, password: string, typed?: string) =>
    adminClient(t).request('POST', '/api/admin/login', { password, code: typed }, { 'x-forwarded-for': address })
  // A flood of wrong passwords first: the cap on failure lines is used up.
  for (let i = 0; i < 25; i++) await loginFrom(`198.19.${i}.1`, `guess ${i}`)
  for (let i = 0; i < 10; i++) await loginFrom(`198.18.0.${i}`, TEST_ADMIN_PASSWORD, `00000${i}`)
  clock.now += 30_000
  for (let i = 0; i < 6; i++) expect((await loginFrom('203.0.113.9', TEST_ADMIN_PASSWORD, code())).status).toBe(429)
  expect((await loginFrom('203.0.113.9', TEST_ADMIN_PASSWORD, recoveryCodes[1])).status).toBe(200)
  const failures = await admin.json<AuditEvent[]>('GET', '/api/admin/audit?type=login.failed&limit=500')
  expect(failures.filter((e) => e.subject === 'sign-in: wrong code')).toHaveLength(10)
  expect(failures.filter((e) => e.subject === 'sign-in: wrong password')).toHaveLength(20)
})

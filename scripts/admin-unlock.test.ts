import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import { adminClient } from '../tests/support/admin-client'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../tests/support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ trustProxy: true })
})
afterAll(() => t.close())

const loginFrom = (address: string, password = TEST_ADMIN_PASSWORD) =>
  adminClient(t).request('POST', '/api/admin/login', { password }, { 'x-forwarded-for': address })

test('bun run admin:unlock lifts a lock, from the command line, on the same database', async () => {
  for (let i = 0; i < 6; i++) await loginFrom('203.0.113.44', `guess ${i}`)
  expect((await loginFrom('203.0.113.44')).status).toBe(429)
  const run = Bun.spawnSync(['bun', 'scripts/admin-unlock.ts'], {
    cwd: `${import.meta.dir}/..`,
    env: { ...process.env, DATABASE_URL: t.databaseUrl, NODE_ENV: 'test' },
  })
  expect(run.stdout.toString()).toContain('1 locked address unlocked')
  expect(run.exitCode).toBe(0)
  expect((await loginFrom('203.0.113.44')).status).toBe(200)
}, 60_000)

test('an operator can turn two-factor off with admin:unlock or admin:password, for a lost authenticator', async () => {
  const admin = adminClient(t)
  const run = (script: string, ...args: string[]) =>
    Bun.spawnSync(['bun', `scripts/${script}.ts`, ...args], {
      cwd: `${import.meta.dir}/..`,
      env: { ...process.env, DATABASE_URL: t.databaseUrl, NODE_ENV: 'test', ADMIN_PASSWORD: '' },
    })
  const turnOn = async () => {
    await admin.login()
    const { secret } = await admin.json<{ secret: string }>('POST', '/api/admin/2fa/setup')
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
    expect((await admin.request('POST', '/api/admin/2fa/enable', { code })).status).toBe(200)
    expect((await loginFrom('198.51.100.1')).status).toBe(401)
  }

  await turnOn()
  const unlock = run('admin-unlock', '--disable-2fa')
  expect(unlock.stdout.toString()).toContain(
    "Two-factor sign-in was turned off; the owner's passkeys were removed and every session was signed out.",
  )
  // Whoever turned it on may still hold a session: it is gone too.
  expect((await admin.request('GET', '/api/admin/check')).status).toBe(401)
  expect((await loginFrom('198.51.100.1')).status).toBe(200)

  await turnOn()
  const reset = run('admin-password', 'a fresh operator passphrase', '--disable-2fa')
  expect(reset.exitCode).toBe(0)
  expect(reset.stdout.toString()).toContain(
    "Two-factor sign-in was turned off; the owner's passkeys were removed and every session was signed out.",
  )
  expect((await admin.request('GET', '/api/admin/check')).status).toBe(401)
  expect((await loginFrom('198.51.100.2', 'a fresh operator passphrase')).status).toBe(200)
  expect(run('admin-password', 'password1234').stderr.toString()).toContain('commonly used')
  const misspelt = run('admin-password', '--disable-two-factor')
  expect(misspelt.exitCode).toBe(1)
  expect(misspelt.stderr.toString()).toContain('Unknown option --disable-two-factor')
}, 60_000)

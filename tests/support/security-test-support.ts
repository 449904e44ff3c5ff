import { afterEach, expect } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import type { adminClient } from './admin-client'
import { createTestApp, type TestApp } from './test-app'

/** The clock of the security API tests: each app starts at the same moment, and a test moves it on. */
export const clock = { now: 0 }
const START = Date.UTC(2026, 10, 24, 9, 0, 0)

/** A fresh app per test on the test clock, closed after the test; login waits are not sat through. */
export function securityTestApps() {
  let t: TestApp | undefined
  afterEach(() => t?.close())
  return async (options: Parameters<typeof createTestApp>[0] = {}) => {
    clock.now = START
    t = await createTestApp({ now: () => clock.now, sleep: async () => {}, ...options })
    return t
  }
}

/** The codes an authenticator app would show, from the secret the admin page shows. */
export const authenticator =
  (secret: string) =>
  (at = clock.now) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: at,
    })

export async function enableTwoFactor(admin: ReturnType<typeof adminClient>) {
  const setup = await admin.json<{ secret: string; otpauthUrl: string }>('POST', '/api/admin/2fa/setup')
  const code = authenticator(setup.secret)
  const enabled = await admin.request('POST', '/api/admin/2fa/enable', { code: code() })
  expect(enabled.status).toBe(200)
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] }
  return { setup, code, recoveryCodes }
}

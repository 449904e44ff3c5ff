import { afterEach, beforeEach, expect, test } from 'bun:test'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../../tests/support/test-app'
import { createLoginThrottle, LOGIN_THROTTLE, lockDurationMs } from './login-throttle'

let now: number
let waits: number[]
let t: TestApp
beforeEach(async () => {
  now = Date.UTC(2030, 4, 20, 15)
  waits = []
  t = await createTestApp({
    now: () => now,
    trustProxy: true,
    sleep: async (ms) => {
      waits.push(ms)
    },
  })
})
afterEach(() => t.close())

/** A login from one client address (behind the trusted proxy). */
const loginFrom = (address: string, password = TEST_ADMIN_PASSWORD) =>
  adminClient(t).request('POST', '/api/admin/login', { password }, { 'x-forwarded-for': address })

test('60 wrong passwords from 12 addresses never keep the owner out: a 13th address logs in', async () => {
  for (let i = 0; i < 60; i++) expect((await loginFrom(`203.0.113.${i % 12}`, `guess ${i}`)).status).toBe(401)
  waits = []
  expect((await loginFrom('198.51.100.7')).status).toBe(200)
  // Failures piled up from many addresses: every login is slowed down, none refused.
  expect(waits).toEqual([LOGIN_THROTTLE.pressureDelayMs])
}, 60_000)

test('a sixth wrong password locks that address only, and the next lock is longer', async () => {
  for (let i = 0; i < 5; i++) expect((await loginFrom('203.0.113.9', `guess ${i}`)).status).toBe(401)
  const locked = await loginFrom('203.0.113.9')
  expect(locked.status).toBe(429)
  expect(Number(locked.headers.get('retry-after'))).toBe(lockDurationMs(1) / 1000)
  expect((await loginFrom('203.0.113.10')).status).toBe(200)
  // Even the right password waits out the lock.
  expect((await loginFrom('203.0.113.9')).status).toBe(429)

  now += lockDurationMs(1) + 1
  for (let i = 0; i < 5; i++) expect((await loginFrom('203.0.113.9', `again ${i}`)).status).toBe(401)
  const longer = await loginFrom('203.0.113.9', 'again 5')
  expect(longer.status).toBe(429)
  expect(Number(longer.headers.get('retry-after'))).toBe(lockDurationMs(2) / 1000)
  expect(lockDurationMs(2)).toBe(2 * lockDurationMs(1))
  expect(lockDurationMs(20)).toBe(LOGIN_THROTTLE.maxLockMs)
})

test('a success forgets the failures of its address', async () => {
  for (let i = 0; i < 4; i++) expect((await loginFrom('203.0.113.5', `guess ${i}`)).status).toBe(401)
  expect((await loginFrom('203.0.113.5')).status).toBe(200)
  for (let i = 0; i < 4; i++) expect((await loginFrom('203.0.113.5', `later ${i}`)).status).toBe(401)
  expect((await loginFrom('203.0.113.5')).status).toBe(200)
})

test('parallel guesses from one address cannot all slip under the limit', async () => {
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom('203.0.113.77', `guess ${i}`)))
  const statuses = answers.map((res) => res.status)
  expect(statuses.filter((status) => status === 401).length).toBe(LOGIN_THROTTLE.freeFailures)
  expect(statuses.filter((status) => status === 429).length).toBe(20 - LOGIN_THROTTLE.freeFailures)
})

test('unlocking clears every lock', async () => {
  for (let i = 0; i < 6; i++) await loginFrom('203.0.113.3', `guess ${i}`)
  expect((await loginFrom('203.0.113.3')).status).toBe(429)
  expect(await createLoginThrottle(t.db, { clock: () => now }).unlockAll()).toBe(1)
  expect((await loginFrom('203.0.113.3')).status).toBe(200)
})

test('100 successful logins in a row are never refused or slowed', async () => {
  // 100 argon2 checks: seconds on a busy 2-core machine.
  for (let i = 0; i < 100; i++) expect((await loginFrom('203.0.113.20')).status).toBe(200)
  expect(waits).toEqual([])
}, 60_000)

test('an IPv6 /56 counts as one client: fresh addresses, and other /64s of it, share its lock', async () => {
  for (let i = 1; i <= 6; i++) await loginFrom(`2001:db8:aa:bb::${i.toString(16)}`, `guess ${i}`)
  expect((await loginFrom('2001:db8:aa:bb:ffff::1')).status).toBe(429)
  expect((await loginFrom('2001:db8:aa:ff::1')).status).toBe(429)
  expect((await loginFrom('2001:db8:aa:1bc::1')).status).toBe(200)
})

test('a flood of failures writes a bounded number of audit lines, and one line when every login starts to wait', async () => {
  for (let i = 0; i < 60; i++) await loginFrom(`198.18.${i}.1`, `guess ${i}`)
  const admin = adminClient(t)
  expect((await admin.login()).status).toBe(200)
  const events = (await admin.json<{ type: string }[]>('GET', '/api/admin/audit?type=login&limit=500')).map(
    (e) => e.type,
  )
  expect(events.filter((type) => type === 'login.failed')).toHaveLength(LOGIN_THROTTLE.auditedFailures)
  expect(events.filter((type) => type === 'login.slowed')).toHaveLength(1)
})

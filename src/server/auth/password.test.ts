import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { adminClient } from '../../../tests/support/admin-client'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { appSettings } from '../db/schema'
import { loadAdminPassword, storePasswordHash } from './password'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const storedHash = async () =>
  (await t.db.select().from(appSettings)).find((row) => row.key === 'admin_password_hash')?.value

test("new hashes use argon2id (at its cheapest under test: tests/ops/password-cost.test.ts reads production's), and verify only the right password", async () => {
  await storePasswordHash(t.db, 'a long enough password')
  expect(await storedHash()).toStartWith('$argon2id$v=19$m=8,t=1,')
  const password = await loadAdminPassword(t.db, undefined, () => {})
  expect(await password.verify('a long enough password')).toBe(true)
  expect(await password.verify('a long enough passworD')).toBe(false)
})

test('a password stored with the older, heavier settings still logs in after the change', async () => {
  await storePasswordHash(t.db, 'placeholder password')
  const legacy = await Bun.password.hash('set before the change', {
    algorithm: 'argon2id',
    memoryCost: 65_536,
    timeCost: 2,
  })
  await t.db.update(appSettings).set({ value: legacy }).where(eq(appSettings.key, 'admin_password_hash'))
  const password = await loadAdminPassword(t.db, undefined, () => {})
  expect(await password.verify('set before the change')).toBe(true)
})

test('a new ADMIN_PASSWORD at start becomes the password and signs every session out; the same one changes nothing', async () => {
  const app = await createTestApp({ adminPassword: 'the first owner password' })
  try {
    const admin = adminClient(app)
    expect((await admin.login('the first owner password')).status).toBe(200)
    const replaced: string[] = []
    // A restart with the same environment: the session lives on.
    await loadAdminPassword(app.db, 'the first owner password', () => {}, {
      onReplaced: () => replaced.push('same'),
      onOverriddenSince: () => replaced.push('overridden'),
    })
    expect((await admin.request('GET', '/api/admin/check')).status).toBe(200)
    // A restart with a new one: the old session is gone, the old password no longer works, the new one does.
    const restarted = await loadAdminPassword(app.db, 'the second owner password', () => {}, {
      onReplaced: () => replaced.push('new'),
    })
    expect(replaced).toEqual(['new'])
    expect((await admin.request('GET', '/api/admin/check')).status).toBe(401)
    expect(await restarted.verify('the first owner password')).toBe(false)
    expect(await restarted.verify('the second owner password')).toBe(true)
    // Changed since in the admin: the same ADMIN_PASSWORD at the next start leaves it, and says so.
    await storePasswordHash(app.db, 'changed in the admin since')
    await loadAdminPassword(app.db, 'the second owner password', () => {}, {
      onReplaced: () => replaced.push('replaced again'),
      onOverriddenSince: () => replaced.push('overridden'),
    })
    expect(replaced).toEqual(['new', 'overridden'])
    expect(await restarted.verify('changed in the admin since')).toBe(true)
  } finally {
    app.close()
  }
})

test('processes starting together with a new ADMIN_PASSWORD replace the password once, and only one says so', async () => {
  await storePasswordHash(t.db, 'the password before')
  const replaced: number[] = []
  await Promise.all(
    [1, 2, 3].map((process) =>
      loadAdminPassword(t.db, 'the new owner password', () => {}, { onReplaced: () => replaced.push(process) }),
    ),
  )
  expect(replaced).toHaveLength(1)
  const password = await loadAdminPassword(t.db, undefined, () => {})
  expect(await password.verify('the new owner password')).toBe(true)
})

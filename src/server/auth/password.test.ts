import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
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

test('new hashes use argon2id with 19 MiB and 2 passes, and verify only the right password', async () => {
  await storePasswordHash(t.db, 'a long enough password')
  expect(await storedHash()).toStartWith('$argon2id$v=19$m=19456,t=2,')
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

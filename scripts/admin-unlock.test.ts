import { afterAll, beforeAll, expect, test } from 'bun:test'
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
})

import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type RunningServer, startServer } from '../e2e/support/server'

// Tests hash at the cheapest argon2id (NODE_ENV=test); this is the start that must not.
let server: RunningServer
beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a production owner password' })
})
afterAll(() => server.stop())

test('a production start stores the owner password with argon2id at 19 MiB and 2 passes, and signs in with it', async () => {
  const file = new Database(server.databaseUrl.replace(/^file:/, ''), { readonly: true })
  const row = file.query("SELECT value FROM app_settings WHERE key = 'admin_password_hash'").get() as {
    value: string
  }
  file.close()
  expect(row.value).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$')
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ password: 'a production owner password' }),
  })
  expect(login.status).toBe(200)
})

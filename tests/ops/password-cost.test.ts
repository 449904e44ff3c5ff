import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type RunningServer, startServer } from '../e2e/support/server'

// Tests hash at the cheapest argon2id (NODE_ENV=test); this is the start that must not.
const PASSWORD = 'a production owner password'
let server: RunningServer
beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'production', ADMIN_PASSWORD: PASSWORD })
})
afterAll(() => server.stop())

const databaseFile = () => new Database(server.databaseUrl.replace(/^file:/, ''))

const storedHash = () => {
  const file = databaseFile()
  const row = file.query("SELECT value FROM app_settings WHERE key = 'admin_password_hash'").get() as {
    value: string
  }
  file.close()
  return row.value
}

const signIn = (password: string) =>
  fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ password }),
  })

test('a production start stores the owner password with argon2id at 19 MiB and 2 passes, and signs in with it', async () => {
  // Read as the start stored it, before any sign-in (which would make a cheaper hash again at full cost).
  expect(storedHash()).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$')
  expect((await signIn(PASSWORD)).status).toBe(200)
})

test('a hash stored at a lower cost (a start under NODE_ENV=test) is made again at full cost on the next sign-in', async () => {
  const cheap = await Bun.password.hash(PASSWORD, { algorithm: 'argon2id', memoryCost: 8, timeCost: 1 })
  const file = databaseFile()
  file.query("UPDATE app_settings SET value = ? WHERE key = 'admin_password_hash'").run(cheap)
  file.close()
  expect((await signIn(PASSWORD)).status).toBe(200)
  expect(storedHash()).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$')
  expect((await signIn(PASSWORD)).status).toBe(200)
})

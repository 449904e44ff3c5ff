import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createClient } from '@libsql/client'
import { Secret, TOTP } from 'otpauth'
import { adminClient } from '../../../../tests/support/admin-client'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../../tests/support/test-app'
import { SESSION_COOKIE } from '../../auth/admin-session'
import { migrateDatabase } from '../../db/migrate'
import { readMigrations } from '../../db/migrations'

const SECRET = new Secret({ size: 20 }).base32
const SESSION_TOKEN = 'a-session-from-before-staff-accounts'
const sha256 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('hex')
const now = Date.now()

/**
 * A database as the release before staff accounts left it: the owner's password, a signed-in session,
 * two-factor on, and a post, written with that release's schema (the migrations before 0019).
 */
async function databaseBeforeStaff(file: string) {
  const code = readMigrations()
  const url = `file:${file}`
  await migrateDatabase(
    { url },
    code.slice(
      0,
      code.findIndex((m) => m.tag === '0019_staff'),
    ),
  )
  const client = createClient({ url })
  const hash = await Bun.password.hash(TEST_ADMIN_PASSWORD, { algorithm: 'argon2id', memoryCost: 8, timeCost: 1 })
  await client.batch([
    {
      sql: "INSERT INTO app_settings (key, value, updated_at) VALUES ('admin_password_hash', ?, ?)",
      args: [hash, now],
    },
    {
      sql: "INSERT INTO app_settings (key, value, updated_at) VALUES ('admin_env_password_hash', ?, ?)",
      args: [hash, now],
    },
    {
      sql: 'INSERT INTO sessions (token_hash, created_at, last_seen_at, client_address, user_agent) VALUES (?, ?, ?, ?, ?)',
      args: [sha256(SESSION_TOKEN), now, now, '127.0.0.1', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0'],
    },
    { sql: 'INSERT INTO two_factor (id, secret, last_step, updated_at) VALUES (1, ?, 0, ?)', args: [SECRET, now] },
    {
      sql: "INSERT INTO posts (id, title, slug, content, search_text, status, created_at, updated_at, published_at, preview_token) VALUES (7, 'From before', 'from-before', '<p>Old words</p>', 'from before old words', 'published', ?, ?, ?, 'tok')",
      args: [now, now, now],
    },
    { sql: "INSERT INTO audit_log (at, type, client_address) VALUES (?, 'post.created', '127.0.0.1')", args: [now] },
  ])
  client.close()
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ prepareDatabase: databaseBeforeStaff })
})
afterAll(() => t.close())

test('the owner signs in as the spec says on a migrated database: password, then the code two-factor asks for', async () => {
  const owner = adminClient(t)
  const first = await owner.request('POST', '/api/admin/login', { password: TEST_ADMIN_PASSWORD })
  expect(first.status).toBe(401)
  expect(((await first.json()) as { twoFactorRequired?: boolean }).twoFactorRequired).toBe(true)
  const code = new TOTP({ secret: Secret.fromBase32(SECRET), digits: 6, period: 30 }).generate()
  expect((await owner.request('POST', '/api/admin/login', { password: TEST_ADMIN_PASSWORD, code })).status).toBe(200)
  const check = await owner.json<{ twoFactor: boolean; user: unknown }>('GET', '/api/admin/check')
  expect(check).toMatchObject({ twoFactor: true, user: { id: 1, role: 'owner' } })
})

test('the session signed in before the migration is the owner’s and still works', async () => {
  const before = adminClient(t)
  before.cookie = `${SESSION_COOKIE}=${SESSION_TOKEN}`
  const check = await before.json<{ user: { id: number; role: string } }>('GET', '/api/admin/check')
  expect(check.user).toMatchObject({ id: 1, role: 'owner' })
  const sessions = await before.json<{ current: boolean; staffName: string }[]>('GET', '/api/admin/sessions')
  expect(sessions.find((session) => session.current)?.staffName).toBe('Kindlewave Studios')
})

test('posts and the audit log from before belong to the owner', async () => {
  const owner = adminClient(t)
  owner.cookie = `${SESSION_COOKIE}=${SESSION_TOKEN}`
  const post = await owner.json<{ authorId: number; content: string }>('GET', '/api/blog/7')
  expect(post).toMatchObject({ authorId: 1, content: '<p>Old words</p>' })
  const audit = await owner.json<{ type: string; staffName: string }[]>('GET', '/api/admin/audit')
  expect(audit.find((event) => event.type === 'post.created')?.staffName).toBe('Kindlewave Studios')
  const staff = await owner.json<{ id: number; role: string; state: string }[]>('GET', '/api/admin/staff')
  expect(staff).toEqual([expect.objectContaining({ id: 1, role: 'owner', state: 'active' })])
})

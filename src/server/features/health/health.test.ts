import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app'

let draining = false
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ draining: () => draining })
})
afterAll(() => t.close())

const answer = async (path: string) => {
  const res = await t.request(path)
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get('cache-control') }
}

describe('/livez and /readyz', () => {
  test('a migrated, writable database is ready; the process is live; neither is cached', async () => {
    expect(await answer('/livez')).toEqual({ status: 200, body: { status: 'ok' }, cacheControl: 'no-store' })
    expect(await answer('/readyz')).toEqual({ status: 200, body: { status: 'ready' }, cacheControl: 'no-store' })
  })

  test('/readyz writes: the probe row is rewritten on every check', async () => {
    const updatedAt = async () =>
      (await t.db.$client.execute("SELECT updated_at FROM app_settings WHERE key = 'readiness.probe'")).rows[0]
        ?.updated_at
    await t.request('/readyz')
    const first = await updatedAt()
    await Bun.sleep(5)
    await t.request('/readyz')
    expect(Number(await updatedAt())).toBeGreaterThan(Number(first))
  })

  test('a migration of this code missing from the database: not ready, with the reason', async () => {
    const last = Number(
      (await t.db.$client.execute('SELECT max(created_at) AS at FROM __drizzle_migrations')).rows[0]!.at,
    )
    const row = (
      await t.db.$client.execute({ sql: 'SELECT * FROM __drizzle_migrations WHERE created_at = ?', args: [last] })
    ).rows[0]!
    await t.db.$client.execute({ sql: 'DELETE FROM __drizzle_migrations WHERE created_at = ?', args: [last] })
    expect(await answer('/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: '1 migrations not applied' },
    })
    await t.db.$client.execute({
      sql: 'INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)',
      args: [row.hash ?? null, row.created_at ?? null],
    })
    expect((await answer('/readyz')).status).toBe(200)
  })

  test('a database migrated by a newer release: not ready, with the reason', async () => {
    const future = Date.UTC(2099, 0, 1)
    await t.db.$client.execute({
      sql: "INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-a-newer-release', ?)",
      args: [future],
    })
    expect(await answer('/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: 'database has 1 migrations newer than this code' },
    })
    await t.db.$client.execute({ sql: 'DELETE FROM __drizzle_migrations WHERE created_at = ?', args: [future] })
    expect((await answer('/readyz')).status).toBe(200)
  })

  test('a database that refuses writes: not ready, with the driver code', async () => {
    // The write the probe makes, refused by the database itself.
    await t.db.$client.execute(
      "CREATE TRIGGER refuse_probe BEFORE UPDATE ON app_settings WHEN old.key = 'readiness.probe' BEGIN SELECT RAISE(ABORT, 'refused'); END",
    )
    expect(await answer('/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: 'database not writable', code: 'SQLITE_CONSTRAINT' },
    })
    await t.db.$client.execute('DROP TRIGGER refuse_probe')
    expect((await answer('/readyz')).status).toBe(200)
  })

  test('once a shutdown begins: /readyz is 503 at once, /livez and /healthz still 200, answers close', async () => {
    draining = true
    try {
      expect(await answer('/readyz')).toMatchObject({ status: 503, body: { reason: 'shutting down' } })
      expect((await answer('/livez')).status).toBe(200)
      expect((await answer('/healthz')).status).toBe(200)
      expect((await t.request('/rdc25')).headers.get('connection')).toBe('close')
    } finally {
      draining = false
    }
    expect((await t.request('/rdc25')).headers.get('connection')).toBeNull()
  })
})

test('an unreachable database: not ready and /healthz 503, but the process is live', async () => {
  const other = await createTestApp()
  other.db.$client.close()
  expect((await other.request('/livez')).status).toBe(200)
  const ready = await other.request('/readyz')
  expect(ready.status).toBe(503)
  expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' })
  expect((await other.request('/healthz')).status).toBe(503)
  other.close()
})

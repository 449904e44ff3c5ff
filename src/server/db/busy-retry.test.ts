import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { eq } from 'drizzle-orm'
import { type SqldServer, startSqld } from '../../../tests/support/sqld'
import { retryWhileBusy } from './busy-retry'
import { type Database, openDatabase } from './client'
import { isDatabaseBusy, isDatabaseUnavailable, isDatabaseUnreachable, unavailableReason } from './errors'
import { applyMigrations } from './migrate'
import { appSettings } from './schema'
import { serializeWrites } from './serialized-client'
import { writeTransaction } from './write-transaction'

let sqld: SqldServer
let db: Database
let busy: unknown
const dir = mkdtempSync(join(tmpdir(), 'busy-retry-'))

/**
 * SQLITE_BUSY as a libSQL server sends it, made on demand: a transaction reads, another connection writes,
 * and the reader's own write can no longer be had.
 */
async function busyError(): Promise<unknown> {
  const reader = createClient({ url: sqld.url, authToken: sqld.authToken })
  const writer = createClient({ url: sqld.url, authToken: sqld.authToken })
  const tx = await reader.transaction('deferred')
  try {
    await tx.execute("SELECT value FROM app_settings WHERE key = 'busy'")
    await writer.execute(`INSERT INTO app_settings (key, value, updated_at) VALUES ('busy-${Math.random()}', 'x', 0)`)
    await tx.execute("INSERT INTO app_settings (key, value, updated_at) VALUES ('busy', 'x', 0)")
  } catch (error) {
    return error
  } finally {
    tx.close()
    reader.close()
    writer.close()
  }
  throw new Error('the write was not refused as busy')
}

beforeAll(async () => {
  sqld = await startSqld()
  db = await openDatabase({ url: sqld.url, authToken: sqld.authToken })
  await applyMigrations(db)
  busy = await busyError()
})
afterAll(async () => {
  db?.$client.close()
  await sqld?.dispose()
  rmSync(dir, { recursive: true, force: true })
})

test("a server's SQLITE_BUSY is busy, not unreachable, and logged by its own words", () => {
  expect(isDatabaseBusy(busy)).toBe(true)
  expect(isDatabaseUnreachable(busy)).toBe(false)
  expect(isDatabaseUnavailable(busy)).toBe(true)
  expect(unavailableReason(busy)).toContain('database is locked')
  expect(unavailableReason(busy)).not.toContain('INSERT')
})

test('a busy refusal is tried again, up to three times; any other failure at once', async () => {
  let calls = 0
  expect(await retryWhileBusy(async () => (++calls < 3 ? Promise.reject(busy) : 'stored'))).toBe('stored')
  expect(calls).toBe(3)

  calls = 0
  await expect(retryWhileBusy(() => Promise.reject(++calls && busy))).rejects.toBe(busy)
  expect(calls).toBe(4)

  calls = 0
  const other = new Error('no such table')
  await expect(retryWhileBusy(() => Promise.reject(++calls && other))).rejects.toBe(other)
  expect(calls).toBe(1)
})

test('on a server, a write transaction refused as busy runs again from the start and commits once', async () => {
  let runs = 0
  await writeTransaction(db, async (tx) => {
    runs++
    await tx.insert(appSettings).values({ key: `retried-${runs}`, value: String(runs), updatedAt: new Date() })
    // As the server refuses the transaction's first write when another process kept its lock.
    if (runs === 1) throw busy
  })
  expect(runs).toBe(2)
  // The first run was rolled back: only the second one's row is there.
  expect(await db.select().from(appSettings).where(eq(appSettings.key, 'retried-1'))).toEqual([])
  expect((await db.select().from(appSettings).where(eq(appSettings.key, 'retried-2'))).length).toBe(1)
})

test('on a server, a single write or batch refused as busy is sent again; a script (not one transaction) is not', async () => {
  const server = createClient({ url: sqld.url, authToken: sqld.authToken })
  const calls = { execute: 0, batch: 0, executeMultiple: 0 }
  // The server's client, whose first try of each kind of write is refused as the server refuses it when busy.
  const refusingOnce = new Proxy(server, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (!(typeof property === 'string' && property in calls)) return value
      return (...args: unknown[]) =>
        calls[property as keyof typeof calls]++ === 0 ? Promise.reject(busy) : value.apply(target, args)
    },
  })
  const client = serializeWrites(refusingOnce)
  await client.execute("INSERT INTO app_settings (key, value, updated_at) VALUES ('single', 'x', 0)")
  await client.batch(["INSERT INTO app_settings (key, value, updated_at) VALUES ('batched', 'x', 0)"], 'write')
  await expect(
    client.executeMultiple("INSERT INTO app_settings (key, value, updated_at) VALUES ('script', 'x', 0);"),
  ).rejects.toBe(busy)
  expect(calls).toEqual({ execute: 2, batch: 2, executeMultiple: 1 })
  const stored = await server.execute("SELECT key FROM app_settings WHERE key IN ('single', 'batched', 'script')")
  expect(stored.rows.map((row) => row.key).sort()).toEqual(['batched', 'single'])
  server.close()
})

test('on the embedded file, a busy transaction is not run again (its wait already stopped the process)', async () => {
  const file = await openDatabase({ url: `file:${join(dir, 'site.db')}` })
  await applyMigrations(file)
  let runs = 0
  await expect(
    writeTransaction(file, async () => {
      runs++
      throw busy
    }),
  ).rejects.toBe(busy)
  expect(runs).toBe(1)
  file.$client.close()
})

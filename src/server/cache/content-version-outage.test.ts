import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eventually } from '../../../tests/support/eventually'
import { type SqldServer, startSqld } from '../../../tests/support/sqld'
import { type Database, openDatabase } from '../db/client'
import { applyMigrations } from '../db/migrate'
import { createContentVersion } from './content-version'

let sqld: SqldServer
let db: Database
beforeAll(async () => {
  sqld = await startSqld()
  db = await openDatabase({ url: sqld.url, authToken: sqld.authToken })
  await applyMigrations(db)
})
afterAll(async () => {
  db?.$client.close()
  await sqld?.dispose()
})

/** Waits until the check that went out behind the requests has found the database again. */
async function backInReach(version: ReturnType<typeof createContentVersion>) {
  await eventually(() => !version.stale(), 2000, 10)
}

test('while the database server is down the last version stays current, said once, and is read again when it is back', async () => {
  let now = Date.UTC(2030, 0, 1)
  const events: string[] = []
  const version = createContentVersion(db, () => now, {
    unreachable: () => events.push('unreachable'),
    reachable: () => events.push('reachable'),
  })
  // Down before anything was ever read: there is no version to fall back on.
  await sqld.kill()
  await expect(version.current()).rejects.toThrow()
  expect(events).toEqual([])

  await sqld.restart()
  const before = await version.current()
  await version.write(async (_tx, changed) => changed())
  const written = await version.current()
  expect(written).not.toBe(before)
  expect(version.stale()).toBe(false)

  await sqld.kill()
  for (let second = 1; second <= 3; second++) {
    now += 1000
    expect(await version.current()).toBe(written)
    expect(version.stale()).toBe(true)
  }
  expect(events).toEqual(['unreachable'])
  // A write cannot be made meanwhile; it fails as it should, and the version stays as it was.
  await expect(version.write(async (_tx, changed) => changed())).rejects.toThrow()
  now += 1000
  expect(await version.current()).toBe(written)

  await sqld.restart()
  // Another process's write while this one could not look.
  await createContentVersion(db).write(async (_tx, changed) => changed())
  now += 1000
  // Still the last version at once, while the check goes out; the next look has the new one.
  expect(await version.current()).toBe(written)
  await backInReach(version)
  const after = await version.current()
  expect(after).not.toBe(written)
  expect(version.stale()).toBe(false)
  expect(events).toEqual(['unreachable', 'reachable'])
})

test('a failure that is not the database being out of reach is not hidden behind the last version', async () => {
  let now = Date.UTC(2030, 0, 1)
  const version = createContentVersion(db, () => now)
  await version.current()
  await db.$client.execute('ALTER TABLE app_settings RENAME TO app_settings_moved')
  try {
    now += 1000
    await expect(version.current()).rejects.toThrow()
    expect(version.stale()).toBe(false)
  } finally {
    await db.$client.execute('ALTER TABLE app_settings_moved RENAME TO app_settings')
  }
})

test('a frozen server holds requests once, for the timeout; then the last version answers at once', async () => {
  const timeoutMs = 300
  const frozen = await openDatabase({ url: sqld.url, authToken: sqld.authToken, timeoutMs })
  let now = Date.UTC(2030, 0, 1)
  const version = createContentVersion(frozen, () => now)
  const known = await version.current()
  await sqld.pause()
  try {
    now += 1000
    let startedAt = performance.now()
    expect(await version.current()).toBe(known)
    const firstMs = performance.now() - startedAt
    expect(firstMs).toBeGreaterThanOrEqual(timeoutMs - 10)
    expect(version.stale()).toBe(true)
    now += 1000
    startedAt = performance.now()
    expect(await version.current()).toBe(known)
    // Answered without waiting on the check that has just gone out to the server (which takes the timeout).
    expect(performance.now() - startedAt).toBeLessThan(timeoutMs / 2)
  } finally {
    sqld.resume()
  }
  now += 1000
  await version.current()
  await backInReach(version)
  expect(version.stale()).toBe(false)
  expect(await version.current()).toBe(known)
  frozen.$client.close()
})

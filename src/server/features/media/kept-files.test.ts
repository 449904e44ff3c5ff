import { afterAll, beforeAll, expect, test } from 'bun:test'
import { png } from '../../../../tests/support/images'
import { type SqldServer, startSqld } from '../../../../tests/support/sqld'
import { createContentVersion } from '../../cache/content-version'
import { type Database, openDatabase } from '../../db/client'
import { applyMigrations } from '../../db/migrate'
import { createMediaService } from './service'

let sqld: SqldServer
let db: Database
beforeAll(async () => {
  sqld = await startSqld()
  db = await openDatabase({ url: sqld.url, authToken: sqld.authToken, timeoutMs: 1000 })
  await applyMigrations(db)
})
afterAll(async () => {
  db?.$client.close()
  await sqld?.dispose()
})

test('a file kept in memory is still served while the database is out of reach, after content changed', async () => {
  let now = Date.UTC(2030, 0, 1)
  const content = createContentVersion(db, () => now)
  const media = createMediaService(db, { content, clock: () => now })
  const uploaded = await media.upload(Uint8Array.from(await png(320, 200)))
  if (!uploaded.ok) throw new Error(uploaded.error)
  const name = uploaded.media.url.slice('/media/'.length)
  const bytes = (await media.file(name))!.bytes
  // Any public content write (a post edited elsewhere) makes a new version, seen here at the next look.
  await content.write(async (_tx, changed) => changed())
  now += 1000
  await content.current()
  await sqld.kill()
  try {
    now += 1000
    await content.current()
    expect(content.stale()).toBe(true)
    expect((await media.file(name))?.bytes).toEqual(bytes)
  } finally {
    await sqld.restart()
  }
  // Reachable again (the version is read behind the answers), the file is checked, still there, and kept.
  const deadline = Date.now() + 10_000
  while (content.stale() && Date.now() < deadline) {
    await Bun.sleep(50)
    now += 1000
    await content.current()
  }
  expect(content.stale()).toBe(false)
  expect((await media.file(name))?.bytes).toEqual(bytes)
  expect(media.peek(name)?.bytes).toEqual(bytes)
})

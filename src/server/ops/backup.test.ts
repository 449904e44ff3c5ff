import { afterAll, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { openDatabase } from '../db/client'
import { inspectDatabaseFile } from '../db/database-file'
import { migrateDatabase } from '../db/migrate'
import { backupOffThread, pruneBackups } from './backup'

const dir = mkdtempSync(join(tmpdir(), 'site-backup-unit-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('a backup made for the running server leaves its thread free: requests are answered while it copies', async () => {
  const database = { url: `file:${join(dir, 'big.db')}` }
  await migrateDatabase(database)
  const db = await openDatabase(database)
  // Media are rows: 40 MB of them make the copy take a while.
  await db.$client.execute(
    "INSERT INTO media (id, hash, format, width, height, original_size, created_at) VALUES (1, 'h', 'webp', 1, 1, 1, 0)",
  )
  const bytes = new Uint8Array(1024 * 1024).map((_, i) => i % 251)
  for (let i = 0; i < 40; i++)
    await db.$client.execute({
      sql: "INSERT INTO media_files (name, media_id, role, width, height, content_type, size, bytes) VALUES (?, 1, 'variant', 1, 1, 'image/webp', 1, ?)",
      args: [`f${i}`, bytes],
    })
  // A timer every 5 ms stands for the server's requests: blocked, it would not fire at all while the copy runs.
  let ticks = 0
  const ticker = setInterval(() => ticks++, 5)
  const backup = await backupOffThread(database, join(dir, 'big-backup.db'))
  clearInterval(ticker)
  db.$client.close()
  console.log(`backup of ${backup.bytes} bytes in ${backup.ms} ms; the server's thread ran ${ticks} timers meanwhile`)
  expect(inspectDatabaseFile(backup.file).problems).toEqual([])
  // Long enough for the count below to tell a free thread from a held one (20 ticks or more against none);
  // on a quiet machine the copy takes about 200 ms.
  expect(backup.ms).toBeGreaterThan(100)
  // A quarter of the possible ticks: room for a busy machine's scheduling, none for a thread held throughout.
  expect(ticks).toBeGreaterThan(backup.ms / 5 / 4)
}, 30_000)

test('pruning deletes the oldest of the site’s own backups beyond the count kept, and nothing else', () => {
  const folder = join(dir, 'prune')
  const names = [
    'site-20260101-000000.db',
    'site-20260102-000000.db',
    'site-20260103-000000.db',
    'notes.db',
    // An operator's, older than every scheduled one.
    'site-manual-20251231-000000.db',
  ]
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder)
  for (const name of names) writeFileSync(join(folder, name), '')
  expect(pruneBackups(folder, 2)).toEqual([join(folder, 'site-20260101-000000.db')])
  expect(readdirSync(folder).sort()).toEqual(names.slice(1).sort())
})

test('pruning deletes a copy abandoned mid-write hours ago, not one being written now', () => {
  const folder = join(dir, 'prune-partial')
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder)
  const abandoned = join(folder, 'site-20260101-000000.db.0a1b2c3d.partial')
  const abandonedManual = join(folder, 'site-manual-20260101-000000.db.5e6f7a8b.partial')
  const writing = join(folder, 'site-20260102-000000.db.4e5f6a7b.partial')
  for (const file of [abandoned, abandonedManual, writing]) writeFileSync(file, '')
  const hoursAgo = new Date(Date.now() - 7 * 3_600_000)
  for (const file of [abandoned, abandonedManual]) utimesSync(file, hoursAgo, hoursAgo)
  expect(pruneBackups(folder, 2).sort()).toEqual([abandoned, abandonedManual].sort())
  expect(readdirSync(folder)).toEqual([basename(writing)])
})

import { Database as SqliteFile } from 'bun:sqlite'
import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from './client'
import { applyMigrations } from './migrate'

test('the embedded database runs in WAL mode, creates its folder and migrates idempotently', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-db-'))
  const db = await openDatabase({ url: `file:${join(dir, 'deep', 'er', 'site.db')}` })
  const mode = await db.$client.execute('PRAGMA journal_mode')
  expect(String(mode.rows[0]![0])).toBe('wal')
  await applyMigrations(db)
  await applyMigrations(db)
  const tables = await db.$client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'app_settings'",
  )
  expect(tables.rows.length).toBe(1)
  db.$client.close()
  rmSync(dir, { recursive: true, force: true })
})

test('a new file whose write lock another process holds at start-up is turned to WAL once the lock is free', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-db-'))
  const file = join(dir, 'site.db')
  const created = new SqliteFile(file)
  created.run('CREATE TABLE t (x)')
  created.close()
  // Another process (locks are per process) writing for a moment, as a server starting beside this one does.
  const writer = Bun.spawn(
    [
      process.execPath,
      '-e',
      `const d = new (require('bun:sqlite').Database)(${JSON.stringify(file)})
       d.run('BEGIN IMMEDIATE'); d.run('INSERT INTO t VALUES (1)'); console.log('locked')
       setTimeout(() => { d.run('COMMIT'); d.close() }, 300)`,
    ],
    { stdout: 'pipe' },
  )
  await writer.stdout.getReader().read()
  const db = await openDatabase({ url: `file:${file}` })
  expect(String((await db.$client.execute('PRAGMA journal_mode')).rows[0]![0])).toBe('wal')
  expect(Number((await db.$client.execute('SELECT count(*) FROM t')).rows[0]![0])).toBe(1)
  await writer.exited
  db.$client.close()
  rmSync(dir, { recursive: true, force: true })
})

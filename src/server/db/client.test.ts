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

import { Database as SqliteFile } from 'bun:sqlite'
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dir = mkdtempSync(join(tmpdir(), 'db-compact-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const compact = (file: string) =>
  Bun.spawnSync(['bun', 'scripts/db-compact.ts'], {
    cwd: `${import.meta.dir}/..`,
    env: { ...process.env, DATABASE_URL: `file:${file}`, NODE_ENV: 'test' },
  })
const copies = (file: string, text: string) => readFileSync(file).toString('latin1').split(text).length - 1

/** A file as an earlier release left it: a row deleted without its bytes overwritten, one row kept. */
function earlierReleaseFile(name: string): string {
  const file = join(dir, name)
  const db = new SqliteFile(file)
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)')
  db.query('INSERT INTO notes (body) VALUES (?)').run(`DeletedLongAgo ${'x'.repeat(20_000)}`)
  db.query('INSERT INTO notes (body) VALUES (?)').run('KeptNote')
  db.exec('DELETE FROM notes WHERE id = 1')
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  return file
}

test('bun run db:compact rewrites the file without what was deleted before, and keeps every row', () => {
  const file = earlierReleaseFile('site.db')
  expect(copies(file, 'DeletedLongAgo')).toBe(1)
  const run = compact(file)
  expect(run.stdout.toString()).toContain(`Compacted ${file}`)
  expect(run.exitCode).toBe(0)
  expect(copies(file, 'DeletedLongAgo')).toBe(0)
  const db = new SqliteFile(file, { readonly: true })
  expect(db.query('SELECT body FROM notes').all()).toEqual([{ body: 'KeptNote' }])
  db.close()
})

test('it refuses, changing nothing, while the site has the database open', () => {
  const file = earlierReleaseFile('open.db')
  const site = new SqliteFile(file)
  site.query('SELECT count(*) FROM notes').get()
  const run = compact(file)
  expect(run.stderr.toString()).toContain('is open in another process')
  expect(run.exitCode).toBe(1)
  site.close()
  expect(copies(file, 'DeletedLongAgo')).toBe(1)
})

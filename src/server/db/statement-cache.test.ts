import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import Sqlite from 'libsql'
import { type Database, openDatabase } from './client'

/**
 * The embedded client keeps compiled statements per connection (patches/@libsql%2Fclient@*.patch,
 * decision 0022). A kept statement must answer as a fresh one would: its own arguments, the newest
 * committed rows, the table as it is now, and no read left open that would hold back the WAL.
 */
describe('statements kept by the embedded client', () => {
  let dir: string
  let db: Database
  let other: Database

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'statement-cache-'))
    const url = `file:${join(dir, 'site.db')}`
    db = await openDatabase({ url })
    other = await openDatabase({ url })
    await db.$client.execute('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)')
  })

  afterEach(() => {
    db.$client.close()
    other.$client.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const bodies = async (from: Database, sql = 'SELECT body FROM notes WHERE id >= ? ORDER BY id', args = [0]) =>
    (await from.$client.execute({ sql, args })).rows.map((row) => row.body)

  test('the same SQL text is compiled once per connection', async () => {
    const prepare = spyOn(Sqlite.prototype, 'prepare')
    try {
      for (let i = 0; i < 20; i++) await bodies(db)
      const compiled = prepare.mock.calls.filter(([sql]) => String(sql).startsWith('SELECT body FROM notes'))
      expect(compiled.length).toBe(1)
    } finally {
      prepare.mockRestore()
    }
  })

  test('each run takes its own arguments and sees what another connection committed since', async () => {
    await db.$client.execute({ sql: 'INSERT INTO notes (id, body) VALUES (?, ?)', args: [1, 'one'] })
    expect(await bodies(other)).toEqual(['one'])
    await db.$client.execute({ sql: 'INSERT INTO notes (id, body) VALUES (?, ?)', args: [2, 'two'] })
    expect(await bodies(other)).toEqual(['one', 'two'])
    expect(await bodies(other, undefined, [2])).toEqual(['two'])
  })

  test('a statement that failed runs again with other arguments', async () => {
    const insert = (id: number, body: string) =>
      db.$client.execute({ sql: 'INSERT INTO notes (id, body) VALUES (?, ?)', args: [id, body] })
    await insert(1, 'one')
    await expect(insert(2, 'one')).rejects.toThrow(/UNIQUE/)
    await insert(2, 'two')
    expect(await bodies(db)).toEqual(['one', 'two'])
  })

  test('a statement refused as busy is not kept: its connection goes on reading new commits and writing', async () => {
    // A client that waits 50 ms for a lock. SQLite leaves a statement refused as busy in the middle of its
    // run, and its connection's reads stay on one snapshot until the statement is finalized: the driver
    // does that when the statement is collected (as before the patch), which a kept one never is.
    const impatient = createClient({ url: `file:${join(dir, 'site.db')}`, timeout: 50 })
    try {
      const count = async () => Number((await impatient.execute('SELECT count(*) AS n FROM notes')).rows[0]?.n)
      const writing = await other.$client.transaction('write')
      await expect(impatient.execute({ sql: 'DELETE FROM notes WHERE body = ?', args: ['x'] })).rejects.toThrow(/BUSY/)
      await writing.commit()
      for (let id = 1; id <= 3; id++) {
        await other.$client.execute({ sql: 'INSERT INTO notes (id, body) VALUES (?, ?)', args: [id, `note ${id}`] })
        Bun.gc(true)
        await Bun.sleep(50)
        expect(await count()).toBe(id)
      }
      await impatient.execute({ sql: 'INSERT INTO notes (id, body) VALUES (?, ?)', args: [4, 'mine'] })
      expect(await bodies(db)).toContain('mine')
    } finally {
      impatient.close()
    }
  })

  test('a run given fewer arguments than before does not reuse the earlier ones', async () => {
    await db.$client.execute("INSERT INTO notes (id, body) VALUES (1, 'one'), (2, 'two')")
    const sql = 'SELECT id FROM notes WHERE body = ? OR id = ? ORDER BY id'
    const ids = async (args: (string | number)[]) => (await db.$client.execute({ sql, args })).rows.map((row) => row.id)
    expect(await ids(['two', 1])).toEqual([1, 2])
    expect(await ids(['two'])).toEqual([2])
  })

  test('a statement given large values is not kept (it would hold them)', async () => {
    const prepare = spyOn(Sqlite.prototype, 'prepare')
    try {
      const insert = (id: number, body: string) =>
        db.$client.execute({ sql: 'INSERT INTO notes (id, body) VALUES (?, ?)', args: [id, body] })
      await insert(1, 'x'.repeat(100_000))
      await insert(2, 'y'.repeat(100_000))
      await insert(3, 'small')
      await insert(4, 'small too')
      const compiled = prepare.mock.calls.filter(([sql]) => String(sql).startsWith('INSERT INTO notes'))
      // Both large runs compiled their own; the two small ones shared one.
      expect(compiled.length).toBe(3)
    } finally {
      prepare.mockRestore()
    }
  })

  test('a kept statement reads the table as it is after a schema change', async () => {
    await db.$client.execute("INSERT INTO notes (id, body) VALUES (1, 'one')")
    const everything = async () => (await db.$client.execute('SELECT * FROM notes')).columns
    expect(await everything()).toEqual(['id', 'body'])
    await other.$client.execute("ALTER TABLE notes ADD COLUMN tag TEXT NOT NULL DEFAULT 'new'")
    expect(await everything()).toEqual(['id', 'body', 'tag'])
    expect((await db.$client.execute('SELECT * FROM notes')).rows[0]?.tag).toBe('new')
  })

  test('kept statements hold no read open: a full checkpoint is not kept waiting', async () => {
    for (let id = 1; id <= 300; id++)
      await db.$client.execute({ sql: 'INSERT INTO notes (id, body) VALUES (?, ?)', args: [id, `note ${id}`] })
    // More rows than the driver reads in one go, through both connections.
    expect(await bodies(db)).toHaveLength(300)
    expect(await bodies(other)).toHaveLength(300)
    const busy = (await other.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)')).rows[0]?.[0]
    expect(busy).toBe(0)
  })
})

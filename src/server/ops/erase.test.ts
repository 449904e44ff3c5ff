import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { sql } from 'drizzle-orm'
import { eventually } from '../../../tests/support/eventually'
import { openDatabase } from '../db/client'
import { emptyWriteAheadLog } from './erase'

const dir = mkdtempSync(join(tmpdir(), 'erase-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('the log is emptied; a reader on an older snapshot makes it give up at once, not stop the process, and try again later', async () => {
  const file = join(dir, 'site.db')
  const db = await openDatabase({ url: `file:${file}` })
  await db.run(sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)`)
  await db.run(sql`INSERT INTO notes (body) VALUES ('first')`)

  // A backup being made: a read transaction that began before the next write.
  const backup = createClient({ url: `file:${file}` })
  const reading = await backup.transaction('read')
  await reading.execute('SELECT count(*) FROM notes')
  await db.run(sql`INSERT INTO notes (body) VALUES ('second')`)
  const started = performance.now()
  expect(await emptyWriteAheadLog(db)).toBe(false)
  // The pool's connections would have waited their whole busy timeout (5 s), with the event loop stopped.
  expect(performance.now() - started).toBeLessThan(2000)

  // Once the reader is done, the log is emptied on the next try, without being asked again.
  reading.close()
  expect(await eventually(() => statSync(`${file}-wal`).size === 0, 4000)).toBe(true)
  await db.run(sql`INSERT INTO notes (body) VALUES ('third')`)
  expect(await emptyWriteAheadLog(db)).toBe(true)
  expect(statSync(`${file}-wal`).size).toBe(0)
  expect(await db.all(sql`SELECT body FROM notes ORDER BY id`)).toEqual([
    { body: 'first' },
    { body: 'second' },
    { body: 'third' },
  ])
  backup.close()
  db.$client.close()
})

test('nothing to do on a database that is not a file here', async () => {
  const db = await openDatabase({ url: 'file::memory:' })
  expect(await emptyWriteAheadLog(db)).toBe(false)
  db.$client.close()
})

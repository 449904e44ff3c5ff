import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { overwriteFreedSpace } from './overwriting-client'

const dir = mkdtempSync(join(tmpdir(), 'overwriting-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The same fresh table through the bare client and through the overwriting one. */
async function pair(name: string) {
  const bare = createClient({ url: `file:${join(dir, `${name}-bare.db`)}` })
  const overwriting = overwriteFreedSpace(createClient({ url: `file:${join(dir, `${name}.db`)}` }))
  for (const client of [bare, overwriting])
    await client.execute('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)')
  return { bare, overwriting }
}

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error & { code?: string; statementIndex?: number }) => ({
      name: error.name,
      message: error.message,
      code: error.code,
      statementIndex: error.statementIndex,
    }),
  )

test('a write answers as it did without the pragma: rows, changes and the new row id', async () => {
  const { bare, overwriting } = await pair('answers')
  for (const sql of [
    "INSERT INTO notes (body) VALUES ('a')",
    "INSERT INTO notes (body) VALUES ('b') RETURNING id",
    "UPDATE notes SET body = body || '!'",
    'DELETE FROM notes WHERE id = 1',
  ]) {
    const [expected, actual] = [await bare.execute(sql), await overwriting.execute(sql)]
    expect({ ...actual, rows: [...actual.rows] }).toEqual({ ...expected, rows: [...expected.rows] })
  }
  expect(await overwriting.execute({ sql: 'SELECT body FROM notes WHERE id = ?', args: [2] })).toMatchObject({
    rows: [{ body: 'b!' }],
  })
})

test('a failing write or batch fails with the error it gave without the pragma', async () => {
  const { bare, overwriting } = await pair('errors')
  const insert = "INSERT INTO notes (body) VALUES ('same')"
  await bare.execute(insert)
  await overwriting.execute(insert)
  expect(await caught(overwriting.execute(insert))).toEqual(await caught(bare.execute(insert)))
  const batch = ["INSERT INTO notes (body) VALUES ('new')", insert]
  const failed = await caught(overwriting.batch(batch, 'write'))
  expect(failed).toEqual(await caught(bare.batch(batch, 'write')))
  expect(failed?.statementIndex).toBe(1)
})

test('every way of writing turns secure_delete on for its connection', async () => {
  const { overwriting } = await pair('setting')
  const setting = async (run: () => Promise<unknown>) => {
    await overwriting.execute('PRAGMA secure_delete = OFF')
    await run()
    return (await overwriting.execute('PRAGMA secure_delete')).rows[0]?.[0]
  }
  expect(await setting(() => overwriting.execute("INSERT INTO notes (body) VALUES ('one')"))).toBe(1)
  expect(await setting(() => overwriting.batch(["INSERT INTO notes (body) VALUES ('two')"], 'write'))).toBe(1)
  expect(await setting(() => overwriting.executeMultiple("INSERT INTO notes (body) VALUES ('three');"))).toBe(1)
  expect(await setting(() => overwriting.migrate(["INSERT INTO notes (body) VALUES ('four')"]))).toBe(1)
  const tx = await overwriting.transaction('write')
  expect((await tx.execute('PRAGMA secure_delete')).rows[0]?.[0]).toBe(1)
  await tx.commit()
})

test('VACUUM and statements about transactions run as they are, not inside a transaction of their own', async () => {
  const { overwriting } = await pair('control')
  await overwriting.execute("INSERT INTO notes (body) VALUES ('kept')")
  // Inside a transaction, SQLite refuses both ("cannot VACUUM from within a transaction", "within a transaction").
  await overwriting.execute('VACUUM')
  await overwriting.execute('BEGIN')
  expect((await overwriting.execute('SELECT body FROM notes')).rows.map((row) => row.body)).toEqual(['kept'])
})

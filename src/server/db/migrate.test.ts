import { afterAll, expect, test } from 'bun:test'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { startSqld } from '../../../tests/support/sqld'
import { openDatabase } from './client'
import { applyMigrations, migrateDatabase } from './migrate'
import {
  MIGRATIONS_FOLDER,
  MIGRATIONS_TABLE,
  pendingMigrations,
  readMigrations,
  SchemaMismatchError,
} from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'site-migrate-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const code = readMigrations()

/** A copy of the migrations folder with its journal cut to the first `count`, plus optional extra ones. */
function migrationsFolder(name: string, count: number, extra: { tag: string; sql: string }[] = []) {
  const folder = join(dir, name)
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'))
  journal.entries = journal.entries.slice(0, count)
  for (const [i, migration] of extra.entries()) {
    writeFileSync(join(folder, `${migration.tag}.sql`), migration.sql)
    journal.entries.push({
      idx: count + i,
      version: '6',
      when: code.at(-1)!.when + 1000 * (i + 1),
      tag: migration.tag,
      breakpoints: true,
    })
  }
  writeFileSync(journalPath, JSON.stringify(journal))
  return folder
}

const appliedRows = async (url: string, authToken?: string) => {
  const client = createClient({ url, authToken })
  const rows = (await client.execute(`SELECT hash, created_at FROM "${MIGRATIONS_TABLE}" ORDER BY created_at`)).rows
  client.close()
  return rows.map((row) => ({ hash: String(row.hash), when: Number(row.created_at) }))
}

test('a database drizzle-orm migrated part way is taken up where it stopped, and both record migrations alike', async () => {
  const url = `file:${join(dir, 'drizzle-made.db')}`
  const client = createClient({ url })
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder('first-eight', 8) })
  client.close()
  expect(await appliedRows(url)).toHaveLength(8)

  const applied = await migrateDatabase({ url })
  expect(applied.map((m) => m.tag)).toEqual(code.slice(8).map((m) => m.tag))
  expect(await appliedRows(url)).toEqual(code.map((m) => ({ hash: m.hash, when: m.when })))
  expect(await migrateDatabase({ url })).toEqual([])
})

test('a database migrated by a newer release is refused, naming both versions, and left unchanged', async () => {
  const url = `file:${join(dir, 'newer.db')}`
  const newer = readMigrations(
    migrationsFolder('newer', code.length, [{ tag: '9999_future', sql: 'CREATE TABLE future (id integer);' }]),
  )
  await migrateDatabase({ url }, newer)
  const error = await migrateDatabase({ url }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SchemaMismatchError)
  expect((error as Error).message).toContain('migrated by a newer release')
  expect((error as Error).message).toContain(`its schema is version ${code.length + 1}`)
  expect((error as Error).message).toContain(`this release's schema is version ${code.length} (${code.at(-1)!.tag})`)
  expect(await appliedRows(url)).toHaveLength(code.length + 1)
  // The same through the app's own connection.
  const db = await openDatabase({ url })
  await expect(applyMigrations(db)).rejects.toThrow(SchemaMismatchError)
  db.$client.close()
})

test('only a prefix of the known migrations is accepted: a gap or a foreign one is refused', () => {
  const whens = code.map((m) => m.when)
  expect(pendingMigrations(whens.slice(0, 3), code)).toEqual(code.slice(3))
  expect(pendingMigrations([], code)).toEqual(code)
  expect(() => pendingMigrations([whens[0]!, whens[2]!], code)).toThrow("are not this release's")
  expect(() => pendingMigrations([...whens, whens.at(-1)! + 1], code)).toThrow('newer release')
})

const REBUILD_TAGS = [
  'PRAGMA foreign_keys=OFF;',
  'CREATE TABLE `__new_tags` (`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL, `name` text NOT NULL, `slug` text NOT NULL);',
  'INSERT INTO `__new_tags`("id", "name", "slug") SELECT "id", "name", "slug" FROM `tags`;',
  'DROP TABLE `tags`;',
  'ALTER TABLE `__new_tags` RENAME TO `tags`;',
  'PRAGMA foreign_keys=ON;',
  'CREATE UNIQUE INDEX `tags_slug_unique` ON `tags` (`slug`);',
].join('\n--> statement-breakpoint\n')

test('a table rebuild keeps the rows that point at the table on the embedded file', async () => {
  const url = `file:${join(dir, 'rebuild.db')}`
  await migrateDatabase({ url })
  const client = createClient({ url })
  await client.execute(
    "INSERT INTO posts (id, title, slug, content, created_at, updated_at, preview_token) VALUES (1, 't', 't', 'c', 0, 0, 'p')",
  )
  await client.execute("INSERT INTO tags (id, name, slug) VALUES (1, 'News', 'news')")
  await client.execute('INSERT INTO post_tags (post_id, tag_id) VALUES (1, 1)')
  client.close()
  const rebuild = readMigrations(
    migrationsFolder('rebuild', code.length, [{ tag: '9999_rebuild_tags', sql: REBUILD_TAGS }]),
  )
  expect((await migrateDatabase({ url }, rebuild)).map((m) => m.tag)).toEqual(['9999_rebuild_tags'])
  const check = createClient({ url })
  // With foreign keys on, dropping the old table would have deleted this row through its cascade.
  expect((await check.execute('SELECT count(*) FROM post_tags')).rows[0]![0]).toBe(1)
  check.close()
})

test('a table rebuild leaves no copy of the old table in the file', async () => {
  const file = join(dir, 'rebuild-erased.db')
  await migrateDatabase({ url: `file:${file}` })
  const client = createClient({ url: `file:${file}` })
  // Pages of them, more than the new index takes back from the freed ones.
  const ids = Array.from({ length: 300 }, (_, i) => i + 1)
  await client.execute(
    `INSERT INTO tags (id, name, slug) VALUES ${ids.map((id) => `(${id}, 'RebuiltTagMarker', 't${id}')`).join(', ')}`,
  )
  const rebuild = readMigrations(
    migrationsFolder('rebuild-erased', code.length, [{ tag: '9999_rebuild_tags', sql: REBUILD_TAGS }]),
  )
  await migrateDatabase({ url: `file:${file}` }, rebuild)
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  client.close()
  // The rebuilt table's rows, and nothing of the table it replaced.
  expect(readFileSync(file).toString('latin1').split('RebuiltTagMarker').length - 1).toBe(300)
})

test('posts stored before the index folded accents are found without them once migrated', async () => {
  const url = `file:${join(dir, 'accents.db')}`
  const before = code.findIndex((migration) => migration.tag === '0018_search_folds_accents')
  await migrateDatabase({ url }, code.slice(0, before))
  const client = createClient({ url })
  await client.execute(
    "INSERT INTO posts (id, title, slug, content, search_text, created_at, updated_at, preview_token) VALUES (1, 'Pokémon', 'p', 'c', 'pokémon night at the café', 0, 0, 'p')",
  )
  const found = async (query: string) =>
    (await client.execute({ sql: 'SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?', args: [`"${query}"`] })).rows
      .length
  expect([await found('pokémon'), await found('pokemon')]).toEqual([1, 0])
  await migrateDatabase({ url })
  expect([await found('pokémon'), await found('pokemon'), await found('cafe'), await found('CAFÉ')]).toEqual([
    1, 1, 1, 1,
  ])
  // The triggers of 0002 keep the new index in step with later writes.
  await client.execute(
    "INSERT INTO posts (id, title, slug, content, search_text, created_at, updated_at, preview_token) VALUES (2, 'C', 'c', 'c', 'crème brûlée', 0, 0, 'q')",
  )
  await client.execute("UPDATE posts SET search_text = 'retired' WHERE id = 1")
  expect([await found('creme brulee'), await found('pokemon'), await found('retired')]).toEqual([1, 0, 1])
  client.close()
})

test('on a libSQL server, processes migrating at once apply each migration once; a rebuild is refused, not run', async () => {
  const server = await startSqld()
  try {
    const options = { url: server.url, authToken: server.authToken }
    const results = await Promise.all(Array.from({ length: 5 }, () => migrateDatabase(options)))
    expect(results.map((applied) => applied.length).sort()).toEqual([0, 0, 0, 0, code.length])
    expect(await appliedRows(server.url, server.authToken)).toHaveLength(code.length)
    const rebuild = readMigrations(
      migrationsFolder('rebuild-remote', code.length, [{ tag: '9999_rebuild_tags', sql: REBUILD_TAGS }]),
    )
    await expect(migrateDatabase(options, rebuild)).rejects.toThrow(
      'Migration 9999_rebuild_tags turns foreign keys off',
    )
    expect(await appliedRows(server.url, server.authToken)).toHaveLength(code.length)
  } finally {
    await server.dispose()
  }
})

import { type Client, createClient, type Transaction } from '@libsql/client'
import { BUSY_TIMEOUT_MS, type Database, type DatabaseOptions, localFilePath } from './client'
import { retryWhileLocked } from './lock-retry'
import { MIGRATIONS_TABLE, type Migration, pendingMigrations, readMigrations } from './migrations'
import { OVERWRITE } from './overwriting-client'
import { createPrivateFile } from './private-files'

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`
const TURNS_FOREIGN_KEYS_OFF = /PRAGMA\s+foreign_keys\s*=\s*(OFF|0|false)/i

const appliedWhens = async (reader: Client | Transaction) =>
  (await reader.execute(`SELECT created_at FROM "${MIGRATIONS_TABLE}"`)).rows.map((row) => Number(row[0]))

/**
 * Brings the database to this release's schema. drizzle's migrator decides what to apply before it takes
 * any lock, so processes starting together apply the same migrations twice; here the decision is made
 * inside one write transaction (which begins holding the write lock), so they take turns and each later
 * one finds nothing left. A database whose schema is newer than the code is refused (SchemaMismatchError).
 * Returns what was applied.
 */
export async function runMigrations(client: Client, code = readMigrations()): Promise<Migration[]> {
  // The usual start: everything applied, decided by a read that waits for no writer.
  const current = await appliedWhens(client).catch(() => null)
  if (current && pendingMigrations(current, code).length === 0) return []
  return retryWhileLocked(async () => {
    const tx = await client.transaction('write')
    try {
      await tx.execute(CREATE_TABLE)
      const pending = pendingMigrations(await appliedWhens(tx), code)
      if (pending.length > 0) await applyInside(tx, pending)
      await tx.commit()
      return pending
    } finally {
      tx.close()
    }
  })
}

async function applyInside(tx: Transaction, pending: Migration[]) {
  // A table rebuild (what drizzle-kit writes for most ALTERs) needs foreign keys off, or dropping the old
  // table deletes the rows that point at it; a transaction cannot turn them off, only the connection before it.
  const foreignKeysOn = Number((await tx.execute('PRAGMA foreign_keys')).rows[0]?.[0]) === 1
  const needsThemOff = pending.find((m) => m.statements.some((s) => TURNS_FOREIGN_KEYS_OFF.test(s)))
  if (foreignKeysOn && needsThemOff)
    throw new Error(
      `Migration ${needsThemOff.tag} turns foreign keys off, which this connection cannot do inside the migration's transaction (a libSQL server): apply it to a copy of the database as an embedded file and load that.`,
    )
  // With them off nothing stops a migration from leaving dangling rows, so it is checked, as SQLite advises.
  const dangling = async () => (foreignKeysOn ? 0 : (await tx.execute('PRAGMA foreign_key_check')).rows.length)
  const before = await dangling()
  for (const migration of pending) {
    for (const statement of migration.statements) await tx.execute(statement)
    await tx.execute({
      sql: `INSERT INTO "${MIGRATIONS_TABLE}" ("hash", "created_at") VALUES (?, ?)`,
      args: [migration.hash, migration.when],
    })
  }
  const after = await dangling()
  if (after > before)
    throw new Error(`The migrations would leave ${after - before} rows pointing at rows that do not exist`)
}

/**
 * The start-up migration: its own single connection, so that on the embedded file foreign keys can be
 * turned off before the transaction begins (a pooled connection could not promise that).
 */
export async function migrateDatabase(
  { url, authToken }: DatabaseOptions,
  code = readMigrations(),
): Promise<Migration[]> {
  // Run before openDatabase too (tests, tools): a file libSQL would create here must be private as well.
  const file = localFilePath(url)
  if (file) createPrivateFile(file)
  const client = createClient({ url, authToken, concurrency: 1, timeout: BUSY_TIMEOUT_MS })
  try {
    if (url.startsWith('file:')) {
      await client.execute('PRAGMA foreign_keys = OFF')
      // A table rebuilt frees the old table's pages: zeroed, as every write of the app frees (overwriting-client.ts).
      for (const pragma of OVERWRITE) await client.execute(pragma)
    }
    return await runMigrations(client, code)
  } finally {
    client.close()
  }
}

/** Migrates through the app's own connection (tests, tools that already hold one). */
export async function applyMigrations(db: Database): Promise<Migration[]> {
  return runMigrations(db.$client)
}

import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { Database } from './client'
import { MIGRATIONS_FOLDER } from './migrations'

export type MigrationState =
  | { state: 'current' }
  /** The code has migrations the database has not applied (a start that did not finish migrating). */
  | { state: 'pending'; pending: number }
  /** The database has migrations this code does not know: a newer release migrated it. */
  | { state: 'newer'; unknown: number }

/**
 * Compares the migrations recorded in the database (drizzle's `__drizzle_migrations`, one row per applied
 * file, keyed by the journal's timestamp) with the files this code ships. The files are read once.
 */
export function createMigrationCheck(db: Database, folder = MIGRATIONS_FOLDER) {
  const shipped = new Set(readMigrationFiles({ migrationsFolder: folder }).map((file) => file.folderMillis))
  return async (): Promise<MigrationState> => {
    const rows = await db.$client.execute('SELECT created_at FROM __drizzle_migrations').catch((error: unknown) => {
      // A database never migrated has no journal table: everything is pending.
      if (/no such table/i.test(String(error))) return { rows: [] }
      throw error
    })
    const applied = new Set(rows.rows.map((row) => Number(row.created_at)))
    const unknown = [...applied].filter((at) => !shipped.has(at)).length
    if (unknown > 0) return { state: 'newer', unknown }
    const pending = [...shipped].filter((at) => !applied.has(at)).length
    return pending > 0 ? { state: 'pending', pending } : { state: 'current' }
  }
}

import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/libsql/migrator'
import type { Database } from './client'

/** The generated SQL migrations and drizzle's journal of them. */
export const migrationsFolder = fileURLToPath(new URL('../../../db/migrations', import.meta.url))

/** Applies the generated SQL migrations; already-applied ones are skipped, so this is safe at every start. */
export async function applyMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder })
}

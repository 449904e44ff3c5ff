import type { Database } from './client'

export class DatabaseDamagedError extends Error {}

/**
 * `PRAGMA quick_check` of the embedded file at start (a libSQL server looks after its own): a damaged
 * database is refused with a message saying so, instead of serving pages until one reads a bad page.
 */
export async function checkDatabaseFile(db: Database, file: string): Promise<void> {
  let rows: string[]
  try {
    rows = (await db.$client.execute('PRAGMA quick_check')).rows.map((row) => String(row[0]))
  } catch (error) {
    // Damage bad enough that the check itself cannot read the file.
    if (!/CORRUPT|NOTADB|malformed|not a database/i.test(String(error))) throw error
    rows = [String(error)]
  }
  if (rows.length === 1 && rows[0] === 'ok') return
  throw new DatabaseDamagedError(
    `The database file ${file} is damaged (PRAGMA quick_check: ${rows.slice(0, 5).join('; ')}). Restore a backup with bun run db:restore <file>, with the site stopped.`,
  )
}

import { Database as SqliteFile } from 'bun:sqlite'
import { closeSync, existsSync, fsyncSync, openSync } from 'node:fs'
import { MIGRATIONS_TABLE } from './migrations'

/*
 * Database files examined with Bun's own SQLite, one connection opened and closed at once. Never for the
 * file a process is serving through libSQL: POSIX locks belong to the process, and closing a second
 * library's descriptor on that file would drop the locks libSQL holds on it.
 */

export interface DatabaseFileReport {
  /** What `PRAGMA integrity_check` found: empty when the file is sound. */
  problems: string[]
  /** `created_at` of every migration it has applied. */
  appliedWhens: number[]
}

const PROBLEMS_SHOWN = 20

/** Checks a whole database file (every page, index and full-text index) and reads its schema version. */
export function inspectDatabaseFile(path: string): DatabaseFileReport {
  if (!existsSync(path)) throw new Error(`${path} does not exist`)
  const file = new SqliteFile(path, { readonly: true })
  try {
    const rows = file.query(`PRAGMA integrity_check(${PROBLEMS_SHOWN})`).values()
    const problems = rows.map((row) => String(row[0])).filter((line) => line !== 'ok')
    const hasMigrations = file
      .query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?")
      .get(MIGRATIONS_TABLE)
    const appliedWhens = hasMigrations
      ? file
          .query(`SELECT created_at FROM "${MIGRATIONS_TABLE}"`)
          .values()
          .map((row) => Number(row[0]))
      : []
    return { problems, appliedWhens }
  } catch (error) {
    return { problems: [`not a readable database: ${(error as Error).message}`], appliedWhens: [] }
  } finally {
    file.close()
  }
}

/**
 * Whether some process has the database open. A connection in WAL mode holds a shared lock on the file as
 * long as it is open, idle or not; a connection in exclusive locking mode must take an exclusive lock to
 * read, which fails at once while any other connection is open. So this sees a running site (and any other
 * user of the file) on this machine, and cannot be fooled by a stale marker left by a killed process.
 */
export function isDatabaseFileInUse(path: string): boolean {
  if (!existsSync(path)) return false
  const file = new SqliteFile(path)
  try {
    return !lockExclusively(file)
  } catch {
    // A damaged file is no sign of a running site, and is what a restore is for.
    return false
  } finally {
    file.close()
  }
}

/** Takes the file's exclusive lock until the connection closes, without waiting: false when another holds it. */
function lockExclusively(file: SqliteFile): boolean {
  file.exec('PRAGMA busy_timeout = 0')
  file.exec('PRAGMA locking_mode = EXCLUSIVE')
  try {
    file.query('SELECT count(*) FROM sqlite_schema').get()
    return true
  } catch (error) {
    if (/locked|busy/i.test(String(error))) return false
    throw error
  }
}

/**
 * Rewrites the file without its free pages (VACUUM) and empties its log, holding an exclusive lock from
 * the first read to the end, so no process can open it meanwhile: false, with nothing changed, when one
 * already has it open. Rows deleted before writes zeroed what they freed (overwriting-client.ts) are in
 * those free pages; they go with them.
 */
export function compactInPlace(path: string): boolean {
  if (!existsSync(path)) throw new Error(`${path} does not exist`)
  const file = new SqliteFile(path)
  try {
    if (!lockExclusively(file)) return false
    file.exec('VACUUM')
    file.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    return true
  } finally {
    file.close()
  }
}

/** Writes a self-contained copy of a database file (its `-wal` folded in) without changing it. */
export function compactCopy(source: string, target: string) {
  const file = new SqliteFile(source, { readonly: true })
  try {
    file.query('VACUUM INTO ?').run(target)
  } finally {
    file.close()
  }
}

/** Neither VACUUM INTO nor a journal-less export syncs what it wrote: done before a copy takes its name. */
export function syncToDisk(path: string) {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

import { existsSync, renameSync, rmSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { localFilePath } from '../db/client'
import { compactCopy, inspectDatabaseFile, isDatabaseFileInUse, syncToDisk } from '../db/database-file'
import { pendingMigrations, readMigrations, SchemaMismatchError, schemaVersionOf } from '../db/migrations'
import { createPrivateFile, tightenPrivateFiles } from '../db/private-files'
import { fileTimestamp } from './backup'

/** A restore that must not happen; the message says why and what to do. */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  target: string
  /** The backup's schema version; an older one is migrated when the site starts. */
  schema: string
  /** Where the database that was replaced went (null: there was none), and which of its companions went along. */
  setAside: { file: string; companions: string[] } | null
}

/** SQLite pairs a database with the `-wal` and `-shm` files of the same name. */
const COMPANIONS = ['', '-wal', '-shm']

/**
 * Installs a backup as the embedded database. Refuses while any process has the database open (a running
 * site), a backup that fails its integrity check, and one made by a newer release. The current file and
 * its `-wal` and `-shm` are renamed aside together (still a pair that opens), so no stale write-ahead log
 * is left beside the restored file, where SQLite would apply it to pages it never belonged to.
 */
export function restoreDatabase(databaseUrl: string, backupFile: string, now = new Date()): RestoreResult {
  const file = localFilePath(databaseUrl)
  if (!file)
    throw new RestoreRefused(
      'DATABASE_URL names a libSQL server: db:restore installs into the embedded file. Load the backup into the server with its own tools (it is an ordinary SQLite file).',
    )
  const target = resolve(file)
  const backup = resolve(backupFile)
  if (backup === target) throw new RestoreRefused('The backup is the database itself')
  const report = inspectDatabaseFile(backup)
  if (report.problems.length > 0)
    throw new RestoreRefused(`${backup} fails its integrity check: ${report.problems.join('; ')}`)
  if (report.appliedWhens.length === 0)
    throw new RestoreRefused(`${backup} is not a backup of this site: it has no applied migrations`)
  const code = readMigrations()
  try {
    pendingMigrations(report.appliedWhens, code)
  } catch (error) {
    if (error instanceof SchemaMismatchError)
      throw new RestoreRefused(`The backup cannot be restored: ${error.message}`)
    throw error
  }
  const inUse = new RestoreRefused(
    `${target} is open in another process: the site is running on it. Stop every app process that uses it, then restore.`,
  )
  if (isDatabaseFileInUse(target)) throw inUse

  // The backup becomes one self-contained file first (any -wal of its own folded in), beside the target,
  // so installing it is a rename on the same disk.
  const unique = `${fileTimestamp(now)}-${crypto.randomUUID().slice(0, 8)}`
  const incoming = `${target}.restoring-${unique}`
  // Made 0600 (in a folder made 0700) before the copy writes into it; the rename keeps the mode.
  createPrivateFile(incoming)
  compactCopy(backup, incoming)
  syncToDisk(incoming)
  // Checked again after the copy (which can take a while), and once more after the renames: a process that
  // started meanwhile and opened the old file would otherwise go on writing into the file set aside.
  if (isDatabaseFileInUse(target)) {
    rmSync(incoming, { force: true })
    throw inUse
  }
  const aside = `${target}.before-restore-${unique}`
  const moved = COMPANIONS.filter((suffix) => existsSync(target + suffix))
  for (const suffix of moved) renameSync(target + suffix, aside + suffix)
  renameSync(incoming, target)
  if (moved.includes('') && isDatabaseFileInUse(aside)) {
    renameSync(target, incoming)
    for (const suffix of moved) renameSync(aside + suffix, target + suffix)
    rmSync(incoming, { force: true })
    throw inUse
  }
  syncToDisk(dirname(target))
  // What was set aside holds the same secrets, and may date from a release that left it readable by others.
  tightenPrivateFiles(moved.map((suffix) => aside + suffix))
  return {
    target,
    schema: schemaVersionOf(report.appliedWhens, code),
    setAside: moved.includes('') ? { file: aside, companions: moved.filter((suffix) => suffix !== '') } : null,
  }
}

import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createClient } from '@libsql/client'
import { type DatabaseOptions, localFilePath } from '../db/client'
import { inspectDatabaseFile, syncToDisk } from '../db/database-file'
import { readMigrations, schemaVersionOf } from '../db/migrations'
import { createPrivateFile, makePrivateFolder, type Tightened, tightenPrivateFiles } from '../db/private-files'
import { serverSource } from '../repo-paths'
import { exportRemoteDatabase, VISITOR_TABLES } from './remote-export'

export interface BackupResult {
  file: string
  bytes: number
  ms: number
  /** The copy's schema version, e.g. `version 13 (0012_application_idempotency)`. */
  schema: string
}

/** `site-20261124-031500.db`: sorts by time, and is what scheduled pruning recognises as its own. */
const BACKUP_NAME = /^site-\d{8}-\d{6}\.db$/
/** Every backup this site names itself, scheduled or an operator's. */
const OWN_NAME = /^site-(manual-)?\d{8}-\d{6}\.db$/
/** A copy being written (backupDatabase); one this old was left by a process that died mid-backup. */
const PARTIAL_NAME = /^site-(manual-)?\d{8}-\d{6}\.db\.[0-9a-f]{8}\.partial$/
const ABANDONED_PARTIAL_MS = 6 * 3_600_000

/** `20261124-031500`, in UTC. */
export const fileTimestamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)

/**
 * A scheduled backup's name, or an operator's (`site-manual-20261124-031500.db`): those are never pruned, so
 * a copy made by hand before an upgrade is not deleted by the rotation of scheduled ones.
 */
export const backupFileName = (now = new Date(), kind: 'scheduled' | 'manual' = 'scheduled') =>
  `site-${kind === 'manual' ? 'manual-' : ''}${fileTimestamp(now)}.db`

/** `backups/` beside the embedded file, or in the working folder for a libSQL server. */
export function defaultBackupDir(databaseUrl: string): string {
  const file = localFilePath(databaseUrl)
  return resolve(file ? dirname(file) : '.', 'backups')
}

/**
 * Writes a consistent copy of the database to `file` while the site keeps running, then checks it: the
 * embedded file through `VACUUM INTO` (one read transaction, so every write committed before it began and
 * none after), a libSQL server through an export read in one transaction. The copy is written under a
 * temporary name and only renamed to `file` once `PRAGMA integrity_check` passed, so a file by that name
 * is always a whole, sound backup. Media are rows of the database, so they are in it.
 */
export async function backupDatabase(options: DatabaseOptions, file: string): Promise<BackupResult> {
  const target = resolve(file)
  if (existsSync(target)) throw new Error(`${target} already exists: choose another file name`)
  makePrivateFolder(dirname(target))
  // Its own scratch name: another backup to the same file at the same moment cannot write into this one.
  const partial = `${target}.${crypto.randomUUID().slice(0, 8)}.partial`
  const started = performance.now()
  try {
    // Made 0600 before the copy writes into it (both ways below take an empty file), and renamed with its mode.
    createPrivateFile(partial)
    const source = localFilePath(options.url)
    if (source) await vacuumInto(source, partial)
    else await exportRemoteDatabase(options, partial)
    await forgetVisitorsIn(partial)
    const report = inspectDatabaseFile(partial)
    if (report.problems.length > 0)
      throw new Error(`the copy failed its integrity check: ${report.problems.join('; ')}`)
    syncToDisk(partial)
    renameSync(partial, target)
    syncToDisk(dirname(target))
    return {
      file: target,
      bytes: statSync(target).size,
      ms: Math.round(performance.now() - started),
      schema: schemaVersionOf(report.appliedWhens, readMigrations()),
    }
  } finally {
    rmSync(partial, { force: true })
  }
}

/** Through libSQL, the library the site itself uses on this file (see database-file.ts on why not Bun's). */
async function vacuumInto(source: string, target: string) {
  const client = createClient({ url: `file:${source}`, concurrency: 1 })
  try {
    await client.execute({ sql: 'VACUUM INTO ?', args: [target] })
  } finally {
    client.close()
  }
}

/**
 * The day's analytics salt and visitor hashes are taken out of a copy: kept for weeks (and off-site), they
 * would let anyone with a guess of an address and a browser tell which pages it read that day. The daily
 * figures stay.
 */
async function forgetVisitorsIn(file: string) {
  const client = createClient({ url: `file:${file}`, concurrency: 1 })
  try {
    const tables = await client.execute({
      sql: `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${VISITOR_TABLES.map(() => '?').join(', ')})`,
      args: VISITOR_TABLES,
    })
    if (tables.rows.length === 0) return
    // No journal on disk for the deleted rows, and the copy rewritten without the pages they were on.
    await client.execute('PRAGMA journal_mode = MEMORY')
    await client.execute('PRAGMA secure_delete = ON')
    const deleted = await client.batch(
      tables.rows.map((row) => `DELETE FROM ${String(row.name)}`),
      'write',
    )
    if (deleted.some((result) => result.rowsAffected > 0)) await client.execute('VACUUM')
  } finally {
    client.close()
  }
}

/** A scheduled backup's name (`site-20261124-031500.db`): the only files rotation deletes, and those sent off-site. */
export const isScheduledBackup = (name: string) => BACKUP_NAME.test(name)

/**
 * The rotation rule, one for the backup folder and the bucket: of the scheduled backups among `names`, those
 * beyond the newest `keep` (by the time in their names), oldest first. Other names are never expired.
 */
export function expiredBackups(names: Iterable<string>, keep: number): string[] {
  const ours = [...new Set(names)].filter(isScheduledBackup).sort()
  return ours.slice(0, Math.max(0, ours.length - keep))
}

/**
 * Deletes the oldest of this site's backups in `dir` beyond the newest `keep`, and copies abandoned
 * mid-write (untouched for hours); other files are left alone.
 */
export function pruneBackups(dir: string, keep: number, now = Date.now()): string[] {
  if (!existsSync(dir)) return []
  const names = readdirSync(dir)
  const abandoned = names.filter(
    (name) => PARTIAL_NAME.test(name) && now - statSync(join(dir, name)).mtimeMs > ABANDONED_PARTIAL_MS,
  )
  const removed = [...expiredBackups(names, keep), ...abandoned].map((name) => join(dir, name))
  for (const file of removed) rmSync(file, { force: true })
  return removed
}

/** Takes group and other permissions off `dir` and this site's backups in it (private-files.ts says why). */
export function tightenBackups(dir: string): Tightened {
  if (!existsSync(dir)) return { changed: [], refused: [] }
  const ours = readdirSync(dir).filter((name) => OWN_NAME.test(name) || PARTIAL_NAME.test(name))
  return tightenPrivateFiles(ours.map((name) => join(dir, name)))
}

export const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** `backupDatabase` in a worker thread, for the running server: its requests go on meanwhile. */
export function backupOffThread(options: DatabaseOptions, file: string): Promise<BackupResult> {
  const worker = new Worker(serverSource('ops/backup-worker.ts'))
  return new Promise<BackupResult>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ ok: true; backup: BackupResult } | { ok: false; error: string }>) =>
      event.data.ok ? resolve(event.data.backup) : reject(new Error(event.data.error))
    worker.onerror = (event) => reject(new Error(event.message))
    worker.postMessage({ options, file })
  }).finally(() => worker.terminate())
}

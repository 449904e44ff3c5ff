import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import { dirname } from 'node:path'

/*
 * The database and its copies hold two-factor secrets, session hashes, applicants' résumés: only the user the
 * site runs as may read them. Modes are given where each file or folder is made, not by a process-wide umask,
 * so the server, its worker threads, the operator commands and the tests all make them the same way whichever
 * way they were started, and nothing else a process writes (a build, a benchmark's results) changes with them.
 * SQLite gives the `-wal`, `-shm` and journal it creates beside a database the database file's own mode.
 */

export const PRIVATE_FILE = 0o600
export const PRIVATE_FOLDER = 0o700

/** Creates `dir` and the folders missing on the way to it, each 0700; folders that exist are left alone. */
export function makePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER })
}

/**
 * Creates `file` empty and 0600 (and its missing folders 0700) unless it exists, so SQLite, which takes an
 * empty file for a new database and VACUUM INTO for its target, writes into a file made private before the
 * first byte. Another process creating it at the same moment is no error.
 */
export function createPrivateFile(file: string): void {
  makePrivateFolder(dirname(file))
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
}

export interface Tightened {
  /** Files and folders whose group and other permissions were taken off. */
  changed: string[]
  /** Those still open to others: this user may not change their mode. */
  refused: string[]
}

/** Takes group and other permissions off those of `files` that exist, left so by an earlier release or by hand. */
export function tightenPrivateFiles(files: string[]): Tightened {
  const result: Tightened = { changed: [], refused: [] }
  for (const file of files) {
    if (!existsSync(file) || (statSync(file).mode & 0o077) === 0) continue
    try {
      chmodSync(file, PRIVATE_FILE)
      result.changed.push(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error
      result.refused.push(file)
    }
  }
  return result
}

/** SQLite pairs a database with the `-wal` and `-shm` files of the same name. */
export const databaseCompanions = (file: string) => [file, `${file}-wal`, `${file}-shm`]

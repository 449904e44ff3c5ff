import { accessSync, constants, existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { localFilePath } from './client'

/**
 * Why this process cannot write the embedded database of `url`, or null when it can (or `url` names a
 * server). libSQL itself says only "Unable to open connection to local database …: 14", which does not
 * point at the usual cause: a volume or bind mount owned by another user than the one the site runs as.
 */
export function databaseLocationProblem(url: string): string | null {
  const file = localFilePath(url)
  if (!file) return null
  const path = resolve(file)
  // SQLite writes the file and, in WAL mode, the journals beside it; a reader too needs the -shm file.
  const blocked = [path, `${path}-wal`, `${path}-shm`].find((part) => existsSync(part) && !isWritable(part))
  if (blocked) return unwritable(`the file ${blocked}`, dirname(path))
  // What does not exist yet is created in the nearest folder that does.
  let folder = dirname(path)
  while (!existsSync(folder)) folder = dirname(folder)
  return isWritable(folder) ? null : unwritable(`the folder ${folder}`, folder)
}

function isWritable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK)
    return true
  } catch {
    return false
  }
}

function unwritable(what: string, folder: string): string {
  const uid = process.getuid?.() ?? '?'
  const gid = process.getgid?.() ?? '?'
  return (
    `Cannot open the database: ${what} is not writable by this process (uid ${uid}, gid ${gid}). ` +
    `Give it to that user, e.g. \`chown -R ${uid}:${gid} ${folder}\` (for a container, on the host folder or ` +
    'volume mounted there), or run the process as its owner (`docker run --user <uid>:<gid>`).'
  )
}

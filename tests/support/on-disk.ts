import { existsSync, readFileSync } from 'node:fs'
import { localFilePath } from '../../src/server/db/client'

/** How often `text` is written in a database's file and its write-ahead log, as anyone reading the disk sees. */
export function copiesOnDisk(databaseUrl: string, text: string): number {
  const file = localFilePath(databaseUrl)!
  return [file, `${file}-wal`]
    .filter(existsSync)
    .reduce((sum, path) => sum + readFileSync(path).toString('latin1').split(text).length - 1, 0)
}

/**
 * `bun run db:backup [file]` writes a consistent, checked copy of the site's database while the site runs
 * (default: a timestamped `site-manual-…` file in BACKUP_DIR, or in `backups/` beside the database, which the
 * rotation of scheduled backups never deletes).
 */
import { join } from 'node:path'
import { loadConfig } from '../src/server/config'
import { backupDatabase, backupFileName, defaultBackupDir, formatBytes } from '../src/server/ops/backup'

const config = loadConfig()
const file =
  process.argv[2] ??
  join(config.BACKUP_DIR ?? defaultBackupDir(config.DATABASE_URL), backupFileName(new Date(), 'manual'))
try {
  const backup = await backupDatabase({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN }, file)
  console.log(
    `Backup written: ${backup.file} (${formatBytes(backup.bytes)}, schema ${backup.schema}, integrity check ok) in ${backup.ms} ms`,
  )
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`)
  process.exit(1)
}

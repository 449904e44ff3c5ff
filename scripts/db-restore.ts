/**
 * `bun run db:restore <file>` installs a backup as the site's embedded database, with the site stopped;
 * `bun run db:restore --from s3://bucket/prefix/name` first downloads one sent off-site (BACKUP_S3_ settings),
 * into the system's temporary folder. The database it replaces is kept beside it (`site.db.before-restore-…`).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/server/config'
import { downloadBackup, OffsiteBackupMissing } from '../src/server/ops/offsite-store'
import { RestoreRefused, restoreDatabase } from '../src/server/ops/restore'

const args = process.argv.slice(2)
const from = args[0] === '--from' ? args[1] : undefined
const source = from ?? args[0]
if (!source || (args[0] === '--from' && !from?.startsWith('s3://'))) {
  console.error('Usage: bun run db:restore <backup file>\n       bun run db:restore --from s3://bucket/prefix/name')
  process.exit(2)
}
const config = loadConfig()
const downloads = from ? mkdtempSync(join(tmpdir(), 'site-restore-')) : null
try {
  const started = performance.now()
  const file = downloads ? await downloadBackup(config, source, downloads) : source
  const restored = restoreDatabase(config.DATABASE_URL, file)
  console.log(
    `Restored ${source} into ${restored.target} (schema ${restored.schema}) in ${Math.round(performance.now() - started)} ms.`,
  )
  if (restored.setAside) {
    const { file: aside, companions } = restored.setAside
    const along = companions.length > 0 ? ` (with its ${companions.join(' and ')})` : ''
    console.log(`The database it replaced is kept as: ${aside}${along}`)
  }
  console.log('Start the site: it migrates an older backup to this release.')
} catch (error) {
  if (error instanceof OffsiteBackupMissing) {
    const listed =
      error.stored.length > 0 ? `Backups there, oldest first:\n  ${error.stored.join('\n  ')}` : 'No backups there.'
    console.error(`Restore refused: ${error.message}. ${listed}`)
  } else {
    // The storage's errors carry what happened in their code (`ConnectionRefused`, `AccessDenied`).
    const code = (error as { code?: unknown }).code
    console.error(
      `${error instanceof RestoreRefused ? 'Restore refused' : 'Restore failed'}: ${(error as Error).message}${typeof code === 'string' ? ` (${code})` : ''}`,
    )
  }
  process.exitCode = 1
} finally {
  if (downloads) rmSync(downloads, { recursive: true, force: true })
}

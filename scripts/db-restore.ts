/**
 * `bun run db:restore <file>` installs a backup as the site's embedded database, with the site stopped.
 * The database it replaces is kept beside it (`site.db.before-restore-…`).
 */
import { loadConfig } from '../src/server/config'
import { RestoreRefused, restoreDatabase } from '../src/server/ops/restore'

const [file] = process.argv.slice(2)
if (!file) {
  console.error('Usage: bun run db:restore <backup file>')
  process.exit(2)
}
const config = loadConfig()
try {
  const started = performance.now()
  const restored = restoreDatabase(config.DATABASE_URL, file)
  console.log(
    `Restored ${file} into ${restored.target} (schema ${restored.schema}) in ${Math.round(performance.now() - started)} ms.`,
  )
  if (restored.setAside) {
    const { file: aside, companions } = restored.setAside
    const along = companions.length > 0 ? ` (with its ${companions.join(' and ')})` : ''
    console.log(`The database it replaced is kept as: ${aside}${along}`)
  }
  console.log('Start the site: it migrates an older backup to this release.')
} catch (error) {
  console.error(
    `${error instanceof RestoreRefused ? 'Restore refused' : 'Restore failed'}: ${(error as Error).message}`,
  )
  process.exit(1)
}

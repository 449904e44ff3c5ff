/**
 * `bun run db:compact`, with the site stopped: rewrites the embedded database without its free space (it needs
 * about twice the file's size free on the disk while it works; a failure leaves the file as it was).
 * Run once after upgrading to the release that overwrites deleted rows: applications, résumés and messages
 * deleted before it are still in the file's free pages until then.
 */
import { existsSync, statSync } from 'node:fs'
import { loadConfig } from '../src/server/config'
import { localFilePath } from '../src/server/db/client'
import { compactInPlace } from '../src/server/db/database-file'

const config = loadConfig()
const file = localFilePath(config.DATABASE_URL)
if (!file) {
  console.error(
    'DATABASE_URL names a libSQL server: db:compact works on the embedded file. The server keeps its own log of every change; compact and prune it with its own tools.',
  )
  process.exit(1)
}
const size = () => [file, `${file}-wal`].reduce((sum, path) => sum + (existsSync(path) ? statSync(path).size : 0), 0)
const before = size()
const started = performance.now()
if (!compactInPlace(file)) {
  console.error(
    `${file} is open in another process: the site is running on it. Stop every app process that uses it, then compact.`,
  )
  process.exit(1)
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
console.log(
  `Compacted ${file}: ${mb(before)} before, ${mb(size())} after, in ${Math.round(performance.now() - started)} ms.`,
)

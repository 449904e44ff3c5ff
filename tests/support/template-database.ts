import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/server/db/client'
import { applyMigrations } from '../../src/server/db/migrate'
import { readMigrations } from '../../src/server/db/migrations'

/**
 * A database migrated once per set of migrations, shared by every test process of a run (and of the next
 * run, until a migration changes): each test copies it instead of migrating from nothing.
 */
async function templateFile(): Promise<string> {
  const key = createHash('sha256')
    .update(
      readMigrations()
        .map((migration) => migration.hash)
        .join(),
    )
    .digest('hex')
    .slice(0, 16)
  const file = join(tmpdir(), `site-test-template-${key}.db`)
  if (existsSync(file)) return file
  // Test processes may build it at once: each builds its own and the rename makes one whole file appear.
  const building = `${file}.${process.pid}.${crypto.randomUUID()}`
  const db = await openDatabase({ url: `file:${building}` })
  await applyMigrations(db)
  // One self-contained file, nothing left in a -wal beside it.
  await db.$client.execute(`VACUUM INTO '${file}.${process.pid}.whole'`)
  db.$client.close()
  renameSync(`${file}.${process.pid}.whole`, file)
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true })
  return file
}

/** Puts a migrated, empty database at `path`. */
export async function copyMigratedDatabase(path: string): Promise<void> {
  copyFileSync(await templateFile(), path)
}

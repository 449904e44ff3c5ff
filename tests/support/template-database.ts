import { createHash } from 'node:crypto'
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/server/db/client'
import { applyMigrations } from '../../src/server/db/migrate'
import { MIGRATIONS_FOLDER, readMigrations } from '../../src/server/db/migrations'

/** The user's own folder of templates: 0700, as the site's database folders are. */
const FOLDER = join(tmpdir(), `site-test-templates-${userInfo().uid}`)

let building: Promise<string> | null = null

/**
 * A database migrated once per set of migrations (the journal and every file), shared by every test
 * process of a run and of the next runs until a migration changes: each test copies it instead of
 * migrating from nothing.
 */
function templateFile(): Promise<string> {
  building ??= build().catch((error: unknown) => {
    building = null
    throw error
  })
  return building
}

async function build(): Promise<string> {
  const key = createHash('sha256')
    .update(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json')))
    .update(
      readMigrations()
        .map((migration) => migration.hash)
        .join(),
    )
    .digest('hex')
    .slice(0, 16)
  const file = join(FOLDER, `${key}.db`)
  if (existsSync(file)) return file
  mkdirSync(FOLDER, { recursive: true, mode: 0o700 })
  // Test processes may build it at once: each builds its own and the rename makes one whole file appear.
  const mine = join(FOLDER, `${key}.${process.pid}.${crypto.randomUUID()}`)
  const db = await openDatabase({ url: `file:${mine}.db` })
  try {
    await applyMigrations(db)
    // One self-contained file, nothing left in a -wal beside it.
    await db.$client.execute(`VACUUM INTO '${mine}.whole'`)
  } finally {
    db.$client.close()
    for (const suffix of ['.db', '.db-wal', '.db-shm']) rmSync(`${mine}${suffix}`, { force: true })
  }
  renameSync(`${mine}.whole`, file)
  return file
}

/** Puts a migrated, empty database at `path`, private as the site makes its own (0600). */
export async function copyMigratedDatabase(path: string): Promise<void> {
  copyFileSync(await templateFile(), path)
  chmodSync(path, 0o600)
}

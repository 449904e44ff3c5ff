import { createHash } from 'node:crypto'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { type Database, openDatabase } from '../../src/server/db/client'
import { applyMigrations } from '../../src/server/db/migrate'
import { MIGRATIONS_FOLDER, readMigrations } from '../../src/server/db/migrations'
import { seedJobsOnce } from '../../src/server/features/jobs/seed'
import { seedBlogIfEmpty, seedDayOf } from '../../src/server/features/posts/seed'

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
  await writeWhole(`${mine}.db`, `${mine}.whole`, applyMigrations)
  renameSync(`${mine}.whole`, file)
  return file
}

/** Opens `working`, lets `fill` write, and leaves the result as one self-contained file at `whole`. */
async function writeWhole(working: string, whole: string, fill: (db: Database) => Promise<unknown>) {
  const db = await openDatabase({ url: `file:${working}` })
  try {
    await fill(db)
    // Nothing left in a -wal beside it.
    await db.$client.execute(`VACUUM INTO '${whole}'`)
  } finally {
    db.$client.close()
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${working}${suffix}`, { force: true })
  }
}

/** Puts a migrated, empty database at `path`, private as the site makes its own (0600). */
export async function copyMigratedDatabase(path: string): Promise<void> {
  copyFileSync(await templateFile(), path)
  chmodSync(path, 0o600)
}

/** Longer than any test run: a test process never gets to remove its own (bun test runs no `exit` handlers). */
const SEEDED_LIFETIME_MS = 60 * 60_000
const SEEDED_PREFIX = 'seeded-'

/** Seeded templates older than any run, in the user's own folder; one another process removes first is fine. */
function removeOldSeededTemplates() {
  for (const name of readdirSync(FOLDER)) {
    if (!name.startsWith(SEEDED_PREFIX)) continue
    try {
      if (Date.now() - statSync(join(FOLDER, name)).mtimeMs > SEEDED_LIFETIME_MS)
        rmSync(join(FOLDER, name), { force: true })
    } catch {}
  }
}

/** This process's seeded templates, by seed day: made from the source the server bundle is built from. */
const seeded = new Map<string, Promise<string>>()

/**
 * Puts at `path` the database a first start at `now` leaves (migrated, the bundled posts dated from that
 * day, the bundled jobs), private: seeding cost each server start a fifth of a second of CPU. Kept per process
 * and day rather than across runs, so a changed seed post is never served from an old copy.
 */
export async function copySeededDatabase(path: string, now: number): Promise<void> {
  const day = seedDayOf(now).toISOString()
  let template = seeded.get(day)
  if (!template || !existsSync(await template.catch(() => ''))) {
    template = seedTemplate(now)
    seeded.set(day, template)
    template.catch(() => seeded.delete(day))
  }
  copyFileSync(await template, path)
  chmodSync(path, 0o600)
}

async function seedTemplate(now: number): Promise<string> {
  const migrated = await templateFile()
  removeOldSeededTemplates()
  const file = join(FOLDER, `${SEEDED_PREFIX}${process.pid}-${crypto.randomUUID()}`)
  copyFileSync(migrated, `${file}.work`)
  await writeWhole(`${file}.work`, `${file}.db`, async (db) => {
    await seedBlogIfEmpty(db, now)
    await seedJobsOnce(db, now)
  })
  return `${file}.db`
}

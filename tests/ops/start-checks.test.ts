import { Database } from 'bun:sqlite'
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readMigrations } from '../../src/server/db/migrations'
import { SERVER_BUNDLE, startServer } from '../e2e/support/server'
import { freePort } from '../support/free-port'
import { loggedLine, OPS_PASSWORD } from './support'

const ROOT = join(import.meta.dir, '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'site-start-checks-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Starts the server on a database that must be refused; resolves with its exit code and output. */
async function refusedStart(databaseUrl: string) {
  const proc = Bun.spawn(['bun', SERVER_BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(freePort()), ADMIN_PASSWORD: OPS_PASSWORD, DATABASE_URL: databaseUrl },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, output: stdout + stderr }
}

/** A database the current release made, then stopped. */
async function madeByThisRelease(name: string) {
  const file = join(dir, name, 'site.db')
  const server = await startServer({ ADMIN_PASSWORD: OPS_PASSWORD, DATABASE_URL: `file:${file}` })
  await server.stop()
  // Everything into the file itself, so damage to its pages is damage to the database.
  const db = new Database(file)
  db.run('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  return file
}

test('a database migrated by a newer release is refused at start with both versions named', async () => {
  const file = await madeByThisRelease('newer')
  const db = new Database(file)
  db.run('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)', ['from the future', 9_999_999_999_999])
  db.close()
  const code = readMigrations()
  const start = await refusedStart(`file:${file}`)
  expect(start.code).toBe(1)
  expect(start.output).toContain('The database was migrated by a newer release')
  expect(start.output).toContain(`its schema is version ${code.length + 1}`)
  expect(start.output).toContain(`this release's schema is version ${code.length} (${code.at(-1)!.tag})`)
  expect(start.output).not.toContain('"listening"')
}, 30_000)

test('a damaged database file is refused at start, saying so and how to restore', async () => {
  const file = await madeByThisRelease('damaged')
  const bytes = Buffer.from(await Bun.file(file).arrayBuffer())
  // Pages in the middle (tables and indexes), not the header: the file still opens, its contents are wrong.
  bytes.fill(0x55, 4096 * 4, 4096 * 8)
  await Bun.write(file, bytes)
  const start = await refusedStart(`file:${file}`)
  expect(start.code).toBe(1)
  expect(start.output).toContain(`The database file ${file} is damaged (PRAGMA quick_check:`)
  expect(start.output).toContain('bun run db:restore')
  expect(start.output).not.toContain('"listening"')
}, 30_000)

test('with BACKUP_INTERVAL_HOURS set, the running server writes a backup into BACKUP_DIR and logs it', async () => {
  const backups = join(dir, 'scheduled')
  const server = await startServer({
    ADMIN_PASSWORD: OPS_PASSWORD,
    DATABASE_URL: `file:${join(dir, 'scheduled-site', 'site.db')}`,
    BACKUP_INTERVAL_HOURS: '24',
    BACKUP_DIR: backups,
  })
  try {
    const line = await loggedLine(server, 'backup written', 15_000)
    expect(line).toBeDefined()
    const logged = JSON.parse(line!) as { file: string; bytes: number; ms: number; schema: string }
    expect(logged.file).toStartWith(`${backups}/site-`)
    expect(await Bun.file(logged.file).exists()).toBe(true)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  } finally {
    await server.stop()
  }
}, 30_000)

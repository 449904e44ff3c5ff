import { afterAll, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { openDatabase } from '../db/client'
import { inspectDatabaseFile } from '../db/database-file'
import { migrateDatabase } from '../db/migrate'
import type { Logger } from '../http/logger'
import { startScheduledBackups } from './scheduled-backups'

const dir = mkdtempSync(join(tmpdir(), 'site-scheduled-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('processes sharing a database back it up once per interval between them, and keep only the newest', async () => {
  const database = { url: `file:${join(dir, 'site.db')}` }
  await migrateDatabase(database)
  const backups = join(dir, 'backups')
  const logs: { level: string; message: string; fields?: Record<string, unknown> }[] = []
  const logger: Logger = {
    debug: () => {},
    info: (message, fields) => logs.push({ level: 'info', message, fields }),
    warn: (message, fields) => logs.push({ level: 'warn', message, fields }),
    error: (message, fields) => logs.push({ level: 'error', message, fields }),
  }
  const INTERVAL_S = 2
  const processes = await Promise.all([1, 2, 3].map(() => openDatabase(database)))
  const schedulers = processes.map((db) =>
    startScheduledBackups({ db, database, dir: backups, intervalHours: INTERVAL_S / 3600, keep: 2, logger }),
  )
  const started = Date.now()
  await Bun.sleep(7_000)
  await Promise.all(schedulers.map((scheduler) => scheduler.stop()))
  const elapsed = (Date.now() - started) / 1000
  for (const db of processes) db.$client.close()

  expect(logs.filter((log) => log.level === 'error')).toEqual([])
  const written = logs.filter((log) => log.message === 'backup written')
  // One at the start and one per interval after it: three processes would make three times as many.
  expect(written.length).toBeGreaterThanOrEqual(2)
  expect(written.length).toBeLessThanOrEqual(Math.floor(elapsed / INTERVAL_S) + 1)
  const files = readdirSync(backups).sort()
  expect(files).toHaveLength(2)
  expect(files).toEqual(written.slice(-2).map((log) => basename(String(log.fields?.file))))
  for (const file of files) expect(inspectDatabaseFile(join(backups, file)).problems).toEqual([])
  expect(logs.some((log) => log.message === 'old backups deleted')).toBe(written.length > 2)
}, 20_000)

test('a backup that takes longer than its claim keeps it: no other process starts another meanwhile', async () => {
  const folder = join(dir, 'slow')
  mkdirSync(folder)
  const database = { url: `file:${join(folder, 'site.db')}` }
  await migrateDatabase(database)
  const first = await openDatabase(database)
  // A large database: copying and checking it takes many times the claim below.
  await first.$client.execute('CREATE TABLE ballast (b BLOB)')
  for (let i = 0; i < 4; i++) await first.$client.execute('INSERT INTO ballast VALUES (zeroblob(50000000))')
  const written: number[] = []
  const logger: Logger = {
    debug: () => {},
    info: (message, fields) => {
      if (message === 'backup written') written.push(Number(fields?.ms))
    },
    warn: () => {},
    error: () => {},
  }
  const backups = join(folder, 'backups')
  const schedule = (db: typeof first) =>
    startScheduledBackups({ db, database, dir: backups, intervalHours: 1, keep: 5, logger, claimMs: 60 })
  const schedulers = [schedule(first)]
  // Well past the first claim's own end, while the backup is still being made.
  await Bun.sleep(200)
  const second = await openDatabase(database)
  schedulers.push(schedule(second))
  const deadline = Date.now() + 20_000
  while (written.length === 0 && Date.now() < deadline) await Bun.sleep(50)
  await Promise.all(schedulers.map((scheduler) => scheduler.stop()))
  for (const db of [first, second]) db.$client.close()
  expect(written).toHaveLength(1)
  expect(written[0]).toBeGreaterThan(300)
  expect(readdirSync(backups)).toHaveLength(1)
}, 40_000)

import { afterAll, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { eventually } from '../../../tests/support/eventually'
import { memoryLogger } from '../../../tests/support/memory-logger'
import { type Database, type DatabaseOptions, openDatabase } from '../db/client'
import { inspectDatabaseFile } from '../db/database-file'
import { migrateDatabase } from '../db/migrate'
import type { Logger } from '../observability/logger'
import { backupOffThread } from './backup'
import { startScheduledBackups } from './scheduled-backups'

const dir = mkdtempSync(join(tmpdir(), 'site-scheduled-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('processes sharing a database back it up once per interval between them, and keep only the newest', async () => {
  const database = { url: `file:${join(dir, 'site.db')}` }
  await migrateDatabase(database)
  const backups = join(dir, 'backups')
  const { logger, logs } = memoryLogger()
  const INTERVAL_MS = 60 * 60_000
  let now = Date.UTC(2026, 10, 28, 9)
  const checks: (() => Promise<void>)[] = []
  // Every process checks on each tick, as their timers would while the clock moves on.
  const tick = (ms: number) => {
    now += ms
    return Promise.all(checks.map((check) => check()))
  }
  const processes = await Promise.all([1, 2, 3].map(() => openDatabase(database)))
  const schedulers = processes.map((db) =>
    startScheduledBackups({
      db,
      database,
      dir: backups,
      intervalHours: INTERVAL_MS / 3_600_000,
      keep: 2,
      logger,
      clock: () => now,
      every: (check) => {
        checks.push(check)
        return () => checks.splice(checks.indexOf(check), 1)
      },
    }),
  )
  const written = () => logs.filter((log) => log.message === 'backup written')
  await tick(0)
  // One at the start, whichever process claimed it: three processes would make three.
  expect(written()).toHaveLength(1)
  // Then one per interval, and none between.
  for (const expected of [2, 3]) {
    await tick(INTERVAL_MS - 1)
    expect(written()).toHaveLength(expected - 1)
    await tick(1)
    expect(written()).toHaveLength(expected)
  }
  await Promise.all(schedulers.map((scheduler) => scheduler.stop()))
  for (const db of processes) db.$client.close()

  expect(logs.filter((log) => log.level === 'error')).toEqual([])
  const files = readdirSync(backups).sort()
  expect(files).toHaveLength(2)
  expect(files).toEqual(
    written()
      .slice(-2)
      .map((log) => basename(String(log.fields?.file))),
  )
  for (const file of files) expect(inspectDatabaseFile(join(backups, file)).problems).toEqual([])
  expect(logs.some((log) => log.message === 'old backups deleted')).toBe(true)
})

test('a backup that takes longer than its claim keeps it: no other process starts another meanwhile', async () => {
  const folder = join(dir, 'slow')
  mkdirSync(folder)
  const database = { url: `file:${join(folder, 'site.db')}` }
  await migrateDatabase(database)
  const written: number[] = []
  const logger: Logger = {
    debug: () => {},
    info: (message) => {
      if (message === 'backup written') written.push(Date.now())
    },
    warn: () => {},
    error: () => {},
  }
  const backups = join(folder, 'backups')
  const CLAIM_MS = 600
  // A real backup, begun only after several claim lengths: as one of a large database takes its time.
  const slowBackup = (options: DatabaseOptions, file: string) =>
    Bun.sleep(4 * CLAIM_MS).then(() => backupOffThread(options, file))
  const processes = await Promise.all([1, 2].map(() => openDatabase(database)))
  const schedule = (db: Database) =>
    startScheduledBackups({
      db,
      database,
      dir: backups,
      intervalHours: 1,
      keep: 5,
      logger,
      claimMs: CLAIM_MS,
      makeBackup: slowBackup,
    })
  const started = Date.now()
  const schedulers = [schedule(processes[0]!)]
  // Well past the first claim's own end, while that backup is under way.
  await Bun.sleep(2 * CLAIM_MS)
  schedulers.push(schedule(processes[1]!))
  await eventually(() => written.length > 0, 20_000)
  await Promise.all(schedulers.map((scheduler) => scheduler.stop()))
  for (const db of processes) db.$client.close()
  expect(written).toHaveLength(1)
  expect(written[0]! - started).toBeGreaterThan(4 * CLAIM_MS)
  expect(readdirSync(backups)).toHaveLength(1)
}, 40_000)

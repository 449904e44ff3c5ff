import { Database as SqliteFile } from 'bun:sqlite'
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { startSqld } from '../../../tests/support/sqld'
import { backupOffThread } from '../ops/backup'
import { restoreDatabase } from '../ops/restore'
import { tightenSiteData } from '../ops/tighten-at-start'
import { openDatabase } from './client'
import { applyMigrations, migrateDatabase } from './migrate'

const dir = mkdtempSync(join(tmpdir(), 'site-private-files-'))
// The usual umask lets group and others read what is made with the default modes (0644, 0755): the files
// must be private by their own modes, whatever the umask of the process that makes them.
let umask: number
beforeAll(() => {
  umask = process.umask(0o022)
})
afterAll(() => {
  process.umask(umask)
  rmSync(dir, { recursive: true, force: true })
})

const modeOf = (path: string) => statSync(path).mode & 0o777
const modesOf = (paths: string[]) => Object.fromEntries(paths.map((path) => [path, modeOf(path)]))

test('the embedded database, its -wal and -shm are 0600 and the folders made for it 0700', async () => {
  const file = join(dir, 'made', 'deep', 'site.db')
  const db = await openDatabase({ url: `file:${file}` })
  await applyMigrations(db)
  const paths = [file, `${file}-wal`, `${file}-shm`]
  // Written and still open, so the write-ahead log and its index are on the disk.
  expect(paths.filter((path) => !existsSync(path))).toEqual([])
  expect(modesOf(paths)).toEqual(Object.fromEntries(paths.map((path) => [path, 0o600])))
  expect(modesOf([dirname(file), join(dir, 'made')])).toEqual({
    [dirname(file)]: 0o700,
    [join(dir, 'made')]: 0o700,
  })
  db.$client.close()
})

test('a database the start-up migration creates is 0600 too', async () => {
  const file = join(dir, 'migrated-first', 'site.db')
  await migrateDatabase({ url: `file:${file}` })
  expect(modesOf([file, dirname(file)])).toEqual({ [file]: 0o600, [dirname(file)]: 0o700 })
})

test('a backup is 0600, in the folders made for it 0700', async () => {
  const database = { url: `file:${join(dir, 'backed-up', 'site.db')}` }
  await migrateDatabase(database)
  const backup = await backupOffThread(database, join(dir, 'backups', 'nested', 'site-manual-20260101-000000.db'))
  expect(modesOf([backup.file, dirname(backup.file), join(dir, 'backups')])).toEqual({
    [backup.file]: 0o600,
    [dirname(backup.file)]: 0o700,
    [join(dir, 'backups')]: 0o700,
  })
})

test('a backup of a libSQL server, written by the export, is 0600 too', async () => {
  const server = await startSqld()
  try {
    const database = { url: server.url, authToken: server.authToken }
    await migrateDatabase(database)
    const backup = await backupOffThread(database, join(dir, 'remote-backups', 'site-manual-20260101-000000.db'))
    expect(modesOf([backup.file, dirname(backup.file)])).toEqual({
      [backup.file]: 0o600,
      [dirname(backup.file)]: 0o700,
    })
  } finally {
    await server.dispose()
  }
})

test('a restored database is 0600, and the one it set aside is made so as well', async () => {
  const database = { url: `file:${join(dir, 'restored', 'site.db')}` }
  await migrateDatabase(database)
  const backup = await backupOffThread(database, join(dir, 'restored', 'backup.db'))
  const old = join(dir, 'restored', 'site.db')
  chmodSync(old, 0o644)
  const restored = restoreDatabase(database.url, backup.file)
  expect(modesOf([restored.target, restored.setAside!.file])).toEqual({
    [restored.target]: 0o600,
    [restored.setAside!.file]: 0o600,
  })
})

test('at start, the database, its logs and the backups left readable by others are made private; folders are left', () => {
  // As an earlier release left them: everything 0644, folders 0755.
  const folder = join(dir, 'earlier', 'data')
  const backups = join(folder, 'backups')
  mkdirSync(backups, { recursive: true })
  const file = join(folder, 'site.db')
  const earlier = new SqliteFile(file)
  earlier.run('PRAGMA journal_mode = WAL')
  earlier.run('CREATE TABLE t (x)')
  const files = [file, `${file}-wal`, `${file}-shm`, join(backups, 'site-20260101-000000.db')]
  writeFileSync(files[3]!, '')
  const notOurs = join(backups, 'notes.txt')
  writeFileSync(notOurs, '')
  for (const path of [...files, notOurs]) chmodSync(path, 0o644)
  for (const path of [folder, backups]) chmodSync(path, 0o755)

  const tightened = tightenSiteData(file, backups)
  expect(tightened).toEqual({ changed: files, refused: [] })
  expect(modesOf([...files, folder, backups, notOurs])).toEqual({
    ...Object.fromEntries(files.map((path) => [path, 0o600])),
    // Folders that exist may be the operator's, holding others' files.
    [folder]: 0o755,
    [backups]: 0o755,
    // Not one of the site's files: the operator's to decide.
    [notOurs]: 0o644,
  })
  // Done once: nothing is left to change at the next start.
  expect(tightenSiteData(file, backups)).toEqual({ changed: [], refused: [] })
  earlier.close()
})

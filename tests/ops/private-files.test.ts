import { afterAll, beforeAll, expect, test } from 'bun:test'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { startServer } from '../e2e/support/server'
import { loggedLine, OPS_PASSWORD } from './support'

const dir = mkdtempSync(join(tmpdir(), 'site-private-files-'))
// The server inherits this process's umask: the usual one, which lets others read files made 0644.
let umask: number
beforeAll(() => {
  umask = process.umask(0o022)
})
afterAll(() => {
  process.umask(umask)
  rmSync(dir, { recursive: true, force: true })
})

const modeOf = (path: string) => statSync(path).mode & 0o777

test('a real start makes the database, its -wal and -shm, a scheduled backup and the folders it made private', async () => {
  // As an earlier release left its data: the folder 0755, the file 0644.
  const data = join(dir, 'data')
  mkdirSync(data)
  chmodSync(data, 0o755)
  const file = join(data, 'site.db')
  writeFileSync(file, '')
  chmodSync(file, 0o644)
  const backups = join(dir, 'backups', 'scheduled')
  const server = await startServer({
    ADMIN_PASSWORD: OPS_PASSWORD,
    DATABASE_URL: `file:${file}`,
    BACKUP_INTERVAL_HOURS: '24',
    BACKUP_DIR: backups,
  })
  try {
    const line = await loggedLine(server, 'backup written', 15_000)
    expect(line).toBeDefined()
    const backup = (JSON.parse(line!) as { file: string }).file
    // While the server runs, its write-ahead log and the log's index are on the disk.
    const paths = [file, `${file}-wal`, `${file}-shm`, data, backup, dirname(backup), join(dir, 'backups')]
    expect(Object.fromEntries(paths.map((path) => [path, modeOf(path)]))).toEqual({
      [file]: 0o600,
      [`${file}-wal`]: 0o600,
      [`${file}-shm`]: 0o600,
      // The folder was there before: the operator's.
      [data]: 0o755,
      [backup]: 0o600,
      [dirname(backup)]: 0o700,
      [join(dir, 'backups')]: 0o700,
    })
    // Said once, naming what was changed.
    const said = server
      .output()
      .split('\n')
      .filter((l) => l.includes('made the database and backups private'))
    expect(said).toHaveLength(1)
    expect(JSON.parse(said[0]!).paths).toEqual([file])
  } finally {
    await server.stop()
  }
}, 30_000)

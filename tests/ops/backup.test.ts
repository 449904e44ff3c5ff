import { afterAll, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { pruneBackups } from '../../src/server/ops/backup'
import type { MediaUpload } from '../../src/shared/media'
import { startServer } from '../e2e/support/server'
import { png, uploadForm } from '../support/images'
import { startSqld } from '../support/sqld'
import { adminCookie, integrityOf, OPS_PASSWORD, operatorCommand, postIdsOf, readDatabase, writeLoad } from './support'

const dir = mkdtempSync(join(tmpdir(), 'site-backup-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const BACKUP_LINE =
  /^Backup written: (\S+) \((\d+\.\d) (KB|MB), schema version \d+ \(\S+\), integrity check ok\) in (\d+) ms$/m

/** Upload one image; the bytes the site serves for it are what the backup must hold. */
async function uploadImage(url: string, cookie: string) {
  const res = await fetch(`${url}/api/media`, {
    method: 'POST',
    headers: { origin: url, cookie },
    body: uploadForm(new Uint8Array(await png(800, 600)), 'photo.png', 'image/png', 'A photo'),
  })
  expect(res.status).toBe(201)
  const upload = (await res.json()) as MediaUpload
  const name = upload.url.slice('/media/'.length)
  return { name, bytes: Buffer.from(await (await fetch(`${url}${upload.url}`)).arrayBuffer()) }
}

/** Backs up while writes go on; every write answered before the backup began must be in it. */
async function backupUnderLoad(env: Record<string, string>, file: string) {
  const server = await startServer({ ADMIN_PASSWORD: OPS_PASSWORD, ...env })
  let load: ReturnType<typeof writeLoad> | undefined
  try {
    const cookie = await adminCookie(server)
    const image = await uploadImage(server.url, cookie)
    // A day's analytics as counting leaves them: its figures, its salt and who was seen. Written before the
    // load: under a stream of the server's writes, another process's write can wait past its busy timeout.
    const live = createClient({ url: env.DATABASE_URL!, authToken: env.DATABASE_AUTH_TOKEN })
    await live.batch([
      "INSERT INTO analytics_daily VALUES ('2026-11-30', '', 'total', '', 3, 2)",
      "INSERT INTO analytics_salts VALUES ('2026-11-30', 'salt-that-must-not-be-kept')",
      "INSERT INTO analytics_seen VALUES ('2026-11-30', '', 'total', '', 'hash-that-must-not-be-kept')",
    ])
    live.close()
    load = writeLoad(server, cookie)
    await load.untilAcknowledged(10)
    const before = [...load.acknowledged]
    const backup = await operatorCommand(['db:backup', file], env)
    const duringBackup = load.acknowledged.length - before.length
    await load.stop()
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    console.log(`${backup.stdout.trim()} (${duringBackup} writes answered while it ran)`)
    expect(backup.stdout).toMatch(BACKUP_LINE)
    expect(BACKUP_LINE.exec(backup.stdout)![1]).toBe(file)
    expect(integrityOf(file)).toEqual(['ok'])
    // The figures are kept; nothing that could tell who visited is, anywhere in the file.
    expect(readDatabase(file, (copy) => copy.query('SELECT views, visitors FROM analytics_daily').all())).toEqual([
      { views: 3, visitors: 2 },
    ])
    const bytes = Buffer.from(readFileSync(file))
    expect([bytes.includes('salt-that-must-not-be-kept'), bytes.includes('hash-that-must-not-be-kept')]).toEqual([
      false,
      false,
    ])
    const inBackup = postIdsOf(file)
    // Rows written together are in it together: each post with its full-text index entry (kept by a trigger).
    const indexed = readDatabase(file, (copy) => copy.query('SELECT count(*) AS n FROM posts_fts_docsize').get()) as {
      n: number
    }
    expect(indexed.n).toBe(inBackup.size)
    expect(before.filter((id) => !inBackup.has(id))).toEqual([])
    const stored = readDatabase(file, (copy) =>
      copy.query('SELECT bytes FROM media_files WHERE name = ?').get(image.name),
    ) as { bytes: Uint8Array } | null
    expect(Buffer.from(stored!.bytes).equals(image.bytes)).toBe(true)
    return { acknowledged: load.acknowledged, inBackup }
  } finally {
    // Writers left running by a failure would fail the next test against a stopped server.
    await load?.stop().catch(() => {})
    await server.stop()
  }
}

test('a backup of the embedded file made during writes is sound, holds every write answered before it and the media', async () => {
  const env = { DATABASE_URL: `file:${join(dir, 'site.db')}` }
  await backupUnderLoad(env, join(dir, 'embedded-backup.db'))
  // A second backup to the same name would overwrite the first: refused.
  const again = await operatorCommand(['db:backup', join(dir, 'embedded-backup.db')], env)
  expect(again.code).toBe(1)
  expect(again.stderr).toContain('already exists')
}, 60_000)

test('without a file name the backup goes to a timestamped file in backups/ beside the database, which rotation keeps', async () => {
  const env = { DATABASE_URL: `file:${join(dir, 'site.db')}` }
  const backup = await operatorCommand(['db:backup'], env)
  expect(backup.code).toBe(0)
  const file = BACKUP_LINE.exec(backup.stdout)![1]!
  expect(file).toMatch(new RegExp(`^${join(dir, 'backups')}/site-manual-\\d{8}-\\d{6}\\.db$`))
  expect(existsSync(file)).toBe(true)
  // Scheduled backups, however few are kept, never delete the operator's.
  expect(pruneBackups(join(dir, 'backups'), 0)).toEqual([])
  expect(existsSync(file)).toBe(true)
}, 30_000)

test('a backup of a libSQL server made during writes is a consistent local file that the restore installs', async () => {
  const sqld = await startSqld()
  try {
    const env = { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: sqld.authToken }
    const file = join(dir, 'remote-backup.db')
    const { inBackup } = await backupUnderLoad(env, file)
    // Installed as an embedded file, it serves the same posts.
    const restoredUrl = `file:${join(dir, 'from-remote', 'site.db')}`
    const restore = await operatorCommand(['db:restore', file], { DATABASE_URL: restoredUrl })
    expect(restore).toMatchObject({ code: 0, stderr: '' })
    const server = await startServer({ ADMIN_PASSWORD: OPS_PASSWORD, DATABASE_URL: restoredUrl })
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect(postIdsOf(join(dir, 'from-remote', 'site.db'))).toEqual(inBackup)
      expect((await fetch(`${server.url}/blog`)).status).toBe(200)
    } finally {
      await server.stop()
    }
  } finally {
    await sqld.dispose()
  }
}, 90_000)

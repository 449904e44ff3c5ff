import { afterAll, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../e2e/support/server'
import { adminCookie, integrityOf, OPS_PASSWORD, operatorCommand, postIdsOf, writeLoad } from './support'

const root = mkdtempSync(join(tmpdir(), 'site-restore-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A site with some posts, a backup of it, and then more posts the backup does not have. */
async function siteWithBackup(name: string) {
  const dir = join(root, name)
  const site = join(dir, 'site.db')
  const env = { DATABASE_URL: `file:${site}` }
  const backup = join(dir, 'backup.db')
  const server = await startServer({ ADMIN_PASSWORD: OPS_PASSWORD, ...env })
  const cookie = await adminCookie(server)
  const load = writeLoad(server, cookie)
  await load.untilAcknowledged(5)
  expect((await operatorCommand(['db:backup', backup], env)).code).toBe(0)
  const backedUp = postIdsOf(backup)
  const after = load.acknowledged.length
  await load.untilAcknowledged(after + 5)
  await load.stop()
  return { site, env, backup, backedUp, server, written: load.acknowledged }
}

test('the restore refuses while the site runs on the database, and installs the backup once it is stopped', async () => {
  const { site, env, backup, backedUp, server, written } = await siteWithBackup('running')
  const refused = await operatorCommand(['db:restore', backup], env)
  expect(refused.code).toBe(1)
  expect(refused.stderr).toContain('Restore refused')
  expect(refused.stderr).toContain('the site is running on it')
  // Nothing was touched: the site goes on with every post it had.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  expect(existsSync(`${site}.restoring`)).toBe(false)
  await server.stop()
  expect(written.filter((id) => !postIdsOf(site).has(id))).toEqual([])

  const restored = await operatorCommand(['db:restore', backup], env)
  expect(restored).toMatchObject({ code: 0, stderr: '' })
  console.log(restored.stdout.trim())
  expect(restored.stdout).toContain(`into ${site} (schema version`)
  expect(integrityOf(site)).toEqual(['ok'])
  expect(postIdsOf(site)).toEqual(backedUp)
  const aside = /kept as: (\S+)/.exec(restored.stdout)![1]!
  // The replaced database, set aside, still opens with every write it had.
  expect(written.filter((id) => !postIdsOf(aside).has(id))).toEqual([])

  const again = await startServer({ ADMIN_PASSWORD: OPS_PASSWORD, ...env })
  try {
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200)
  } finally {
    await again.stop()
  }
}, 60_000)

test('a restore over a database whose server was killed, its -wal left behind, installs exactly the backup', async () => {
  const { site, env, backup, backedUp, server, written } = await siteWithBackup('killed')
  server.process.kill('SIGKILL')
  await server.process.exited
  // The write-ahead log the killed server left holds recent writes, not yet in site.db itself.
  expect(statSync(`${site}-wal`).size).toBeGreaterThan(0)

  const restored = await operatorCommand(['db:restore', backup], env)
  expect(restored).toMatchObject({ code: 0, stderr: '' })
  expect(existsSync(`${site}-wal`)).toBe(false)
  expect(integrityOf(site)).toEqual(['ok'])
  expect(postIdsOf(site)).toEqual(backedUp)

  // The site starts on it, serves it, takes writes, and the file stays sound.
  const again = await startServer({ ADMIN_PASSWORD: OPS_PASSWORD, ...env })
  try {
    expect((await fetch(`${again.url}/blog`)).status).toBe(200)
    const load = writeLoad(again, await adminCookie(again))
    await load.untilAcknowledged(3)
    await load.stop()
  } finally {
    await again.stop()
  }
  expect(integrityOf(site)).toEqual(['ok'])
  // Nothing acknowledged before the kill is lost: it is in the database that was set aside.
  const aside = /kept as: (\S+)/.exec(restored.stdout)![1]!
  expect(integrityOf(aside)).toEqual(['ok'])
  expect(written.filter((id) => !postIdsOf(aside).has(id))).toEqual([])
}, 60_000)

test('a damaged backup and one from a newer release are refused, and the database is left as it was', async () => {
  const dir = join(root, 'refusals')
  const env = { DATABASE_URL: `file:${join(dir, 'site.db')}` }
  const server = await startServer({ ADMIN_PASSWORD: OPS_PASSWORD, ...env })
  await server.stop()
  const before = postIdsOf(join(dir, 'site.db'))

  const damaged = join(dir, 'damaged.db')
  expect((await operatorCommand(['db:backup', damaged], env)).code).toBe(0)
  const bytes = Buffer.from(await Bun.file(damaged).arrayBuffer())
  bytes.fill(0x55, 4096 * 3, 4096 * 5)
  await Bun.write(damaged, bytes)
  const refusedDamaged = await operatorCommand(['db:restore', damaged], env)
  expect(refusedDamaged.code).toBe(1)
  expect(refusedDamaged.stderr).toContain('fails its integrity check')

  const newer = join(dir, 'newer.db')
  expect((await operatorCommand(['db:backup', newer], env)).code).toBe(0)
  const { Database } = await import('bun:sqlite')
  const file = new Database(newer)
  file.run('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)', ['future', 9_999_999_999_999])
  file.close()
  const refusedNewer = await operatorCommand(['db:restore', newer], env)
  expect(refusedNewer.code).toBe(1)
  expect(refusedNewer.stderr).toContain('migrated by a newer release')
  expect(postIdsOf(join(dir, 'site.db'))).toEqual(before)
}, 60_000)

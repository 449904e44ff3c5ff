import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadAdminPassword, storePasswordHash } from '../../src/server/auth/password'
import { PREVIEW_PASSWORD_IS_ADMIN_PASSWORD } from '../../src/server/config'
import { openDatabase } from '../../src/server/db/client'
import { applyMigrations } from '../../src/server/db/migrate'
import { freePort } from '../support/free-port'

const ROOT = join(import.meta.dir, '..', '..')

/** Runs main.ts to its exit (these starts are refused before it listens); one that listens is stopped. */
async function startAndExit(env: Record<string, string>) {
  const proc = Bun.spawn(['bun', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(freePort()),
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const timer = setTimeout(() => proc.kill('SIGTERM'), 10_000)
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ])
  clearTimeout(timer)
  return { code, output: stdout + stderr }
}

test('the same password for the previewer and the administrator in the environment stops the start', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-preview-start-'))
  try {
    const { code, output } = await startAndExit({
      DATABASE_URL: `file:${join(dir, 'site.db')}`,
      ADMIN_PASSWORD: 'one shared secret',
      PREVIEW_PASSWORD: 'one shared secret',
    })
    expect(code).toBe(1)
    expect(output).toContain(PREVIEW_PASSWORD_IS_ADMIN_PASSWORD)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a previewer password equal to the stored administrator password (changed in the admin) stops the start', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-preview-start-'))
  const databaseUrl = `file:${join(dir, 'site.db')}`
  try {
    const db = await openDatabase({ url: databaseUrl })
    await applyMigrations(db)
    await loadAdminPassword(db, 'the first admin password', () => {})
    await storePasswordHash(db, 'changed in the admin')
    db.$client.close()
    const { code, output } = await startAndExit({
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: 'the first admin password',
      PREVIEW_PASSWORD: 'changed in the admin',
    })
    expect(code).toBe(1)
    expect(output).toContain(PREVIEW_PASSWORD_IS_ADMIN_PASSWORD)
    expect(output).not.toContain('"message":"listening"')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

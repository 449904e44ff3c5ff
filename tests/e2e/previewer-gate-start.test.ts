import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { loadAdminPassword, storePasswordHash } from '../../src/server/auth/password'
import { PREVIEW_PASSWORD_IS_ADMIN_PASSWORD } from '../../src/server/config'
import { openDatabase } from '../../src/server/db/client'
import { applyMigrations } from '../../src/server/db/migrate'
import { appSettings } from '../../src/server/db/schema'
import { freePort } from '../support/free-port'
import { spawnServer } from './support/server'

/**
 * Runs main.ts to its exit (a start that does not stop within 10 s is stopped). Meanwhile the previewer's
 * gate is asked for over and over: `gateAnswers` is every status it answered with.
 */
async function startAndExit(env: Record<string, string>) {
  const port = freePort()
  const proc = spawnServer(port, env)
  const timer = setTimeout(() => proc.kill('SIGTERM'), 10_000)
  const gateAnswers: number[] = []
  const askGate = async () => {
    while (proc.exitCode === null) {
      for (const path of ['/api/previewer/gate', '/blog-preview', '/blog%2Dpreview'])
        await fetch(`http://127.0.0.1:${port}${path}`).then(
          (res) => gateAnswers.push(res.status),
          () => {},
        )
      await Bun.sleep(10)
    }
  }
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    askGate(),
  ])
  clearTimeout(timer)
  return { code, output: stdout + stderr, gateAnswers }
}

/**
 * The start stopped with the reason, and the previewer's gate, which would hand out a digest of the
 * administrator's password, never answered, though the check may end after the port opened.
 */
function expectStoppedUnanswered({ code, output, gateAnswers }: Awaited<ReturnType<typeof startAndExit>>) {
  expect(code).toBe(1)
  expect(output).toContain(PREVIEW_PASSWORD_IS_ADMIN_PASSWORD)
  expect(gateAnswers).toEqual([])
}

test('the same password for the previewer and the administrator in the environment stops the start', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-preview-start-'))
  try {
    expectStoppedUnanswered(
      await startAndExit({
        DATABASE_URL: `file:${join(dir, 'site.db')}`,
        ADMIN_PASSWORD: 'one shared secret',
        PREVIEW_PASSWORD: 'one shared secret',
      }),
    )
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
    // Stored at a cost that takes a while to check, so the port is open well before the check ends.
    const slow = await Bun.password.hash('changed in the admin', {
      algorithm: 'argon2id',
      memoryCost: 65_536,
      timeCost: 4,
    })
    await db.update(appSettings).set({ value: slow }).where(eq(appSettings.key, 'admin_password_hash'))
    db.$client.close()
    expectStoppedUnanswered(
      await startAndExit({
        DATABASE_URL: databaseUrl,
        ADMIN_PASSWORD: 'the first admin password',
        PREVIEW_PASSWORD: 'changed in the admin',
      }),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

import { expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from './support/server'

const ROOT = join(import.meta.dir, '..', '..')

test('a bad configuration value stops the start with a clear message and exit code 1', async () => {
  const proc = Bun.spawn(['bun', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  expect(await proc.exited).toBe(1)
  const stderr = await new Response(proc.stderr).text()
  expect(stderr).toContain('Invalid configuration')
  expect(stderr).toContain('PORT="not-a-port"')
  expect(stderr).toContain('DATABASE_URL="mysql://nope"')
})

test('SIGTERM stops accepting, closes the database and exits 0', async () => {
  const server = await startServer({ LOG_REQUESTS: 'true' })
  expect((await fetch(`${server.url}/`)).status).toBe(200)
  server.process.kill('SIGTERM')
  expect(await server.process.exited).toBe(0)
  expect(server.output()).toContain('"message":"shutting down","signal":"SIGTERM"')
  expect(server.output()).toContain('"message":"stopped"')
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
  await server.stop()
})

test('the embedded database folder is created and migrations are idempotent across restarts', async () => {
  const base = join(tmpdir(), `site-lifecycle-${Date.now()}`)
  const dir = join(base, 'nested')
  const env = { DATABASE_URL: `file:${dir}/site.db` }
  for (let i = 0; i < 2; i++) {
    const server = await startServer(env)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    server.process.kill('SIGTERM')
    expect(await server.process.exited).toBe(0)
    await server.stop()
  }
  expect(await Bun.file(`${dir}/site.db`).exists()).toBe(true)
  rmSync(base, { recursive: true, force: true })
})

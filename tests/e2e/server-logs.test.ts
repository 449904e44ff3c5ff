import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BunFile } from 'bun'
import { eventually } from '../support/eventually'
import { freePort } from '../support/free-port'
import { copyMigratedDatabase } from '../support/template-database'
import { spawnServer, startServer } from './support/server'

/** The real server with its stdout where a test puts it (a file, or a pipe the test closes). */
async function spawnLoggingServer(stdout: 'pipe' | BunFile) {
  const dir = mkdtempSync(join(tmpdir(), 'site-logs-'))
  await copyMigratedDatabase(join(dir, 'site.db'))
  const port = freePort()
  const proc = spawnServer(
    port,
    { LOG_REQUESTS: 'true', LOG_LEVEL: 'debug', SHUTDOWN_DRAIN_MS: '0', DATABASE_URL: `file:${join(dir, 'site.db')}` },
    { stdout },
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline && proc.exitCode === null) {
    if (
      await fetch(`${url}/livez`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break
    await Bun.sleep(50)
  }
  /** Its exit code and what it wrote on stderr, once it has stopped. */
  const stopped = async () => {
    proc.kill('SIGTERM')
    return { code: await proc.exited, stderr: await new Response(proc.stderr).text() }
  }
  return { proc, url, stopped, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Pages and API answers while every one of them writes a request line. */
async function askMany(url: string) {
  const statuses = new Set<number>()
  for (let i = 0; i < 30; i++) {
    const res = await fetch(`${url}${i % 2 ? '/rdc25' : '/api/blog'}?i=${i}`)
    await res.arrayBuffer()
    statuses.add(res.status)
  }
  return [...statuses]
}

test('stdout on a full disk (ENOSPC): the server answers as before and stops cleanly', async () => {
  const server = await spawnLoggingServer(Bun.file('/dev/full'))
  expect(server.proc.exitCode).toBeNull()
  expect(await askMany(server.url)).toEqual([200])
  expect(server.proc.exitCode).toBeNull()
  const { code, stderr } = await server.stopped()
  expect(code, stderr).toBe(0)
  expect(stderr).not.toContain('ENOSPC')
  server.cleanup()
})

test('stdout a pipe whose reader has gone (EPIPE): the server answers as before and stops cleanly', async () => {
  const server = await spawnLoggingServer('pipe')
  const reader = (server.proc.stdout as ReadableStream<Uint8Array>).getReader()
  expect((await reader.read()).value?.length).toBeGreaterThan(0)
  await reader.cancel()
  expect(await askMany(server.url)).toEqual([200])
  expect(server.proc.exitCode).toBeNull()
  const { code, stderr } = await server.stopped()
  expect(code, stderr).toBe(0)
  expect(stderr).not.toContain('EPIPE')
  server.cleanup()
})

test('a request line carries the query (credentials redacted), the client address and the user agent', async () => {
  const server = await startServer({ LOG_REQUESTS: 'true' })
  const res = await fetch(`${server.url}/blog?q=golf&token=s3cret`, { headers: { 'user-agent': 'LogCheck/2.0' } })
  await res.arrayBuffer()
  const id = res.headers.get('x-request-id')
  // Written after the answer, with the lines gathered a few times a second.
  const requestLine = () =>
    server
      .output()
      .split('\n')
      .find((l) => l.includes(`"requestId":"${id}"`))
  await eventually(() => requestLine() !== undefined, 5000)
  const line = requestLine()
  expect(JSON.parse(line ?? '{}')).toMatchObject({
    level: 'info',
    message: 'request',
    method: 'GET',
    path: '/blog',
    query: 'q=golf&token=%5Bredacted%5D',
    client: '127.0.0.1',
    userAgent: 'LogCheck/2.0',
    status: 200,
  })
  expect(server.output()).not.toContain('s3cret')
  await server.stop()
})

test('LOG_LEVEL=warn keeps only warnings and errors', async () => {
  const server = await startServer({ LOG_REQUESTS: 'true', LOG_LEVEL: 'warn' })
  await (await fetch(`${server.url}/rdc25`)).arrayBuffer()
  await Bun.sleep(100)
  server.process.kill('SIGTERM')
  await server.exited()
  const levels = server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l).level)
  expect(levels.filter((level) => level === 'info' || level === 'debug')).toEqual([])
  await server.stop()
})

import { expect, test } from 'bun:test'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../support/free-port'
import { copySeededDatabase } from '../support/template-database'
import { keepAliveLoad } from './support/keep-alive-load'
import { assertFreshBundle, startServer, untilHealthy } from './support/server'

const CONNECTIONS = 64
const GROUP_PASSWORD = 'process-group-password-123'
const DRAIN_MS = 1500

test(`SIGTERM during a ${CONNECTIONS}-connection keep-alive load: /readyz turns 503 first, no open connection has a request cut, exit 0`, async () => {
  const server = await startServer({ SHUTDOWN_DRAIN_MS: String(DRAIN_MS) })
  await (await fetch(`${server.url}/rdc25`)).arrayBuffer()
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200)

  const load = await keepAliveLoad(server.url, '/rdc25', CONNECTIONS)
  await Bun.sleep(1000)
  const answeredBefore = [...load.result.statuses.values()].reduce((sum, n) => sum + n, 0)
  const signalledAt = performance.now()
  server.process.kill('SIGTERM')
  await Bun.sleep(100)

  // Within the drain: not ready any more, still live, still answering new connections (closing them).
  const ready = await fetch(`${server.url}/readyz`)
  expect(ready.status).toBe(503)
  expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'shutting down' })
  const live = await fetch(`${server.url}/livez`)
  expect(live.status).toBe(200)
  expect(live.headers.get('connection')).toBe('close')

  const result = await load.finished()
  expect(await server.exited(), server.output()).toBe(0)
  const stoppedAfter = performance.now() - signalledAt
  const answered = [...result.statuses.values()].reduce((sum, n) => sum + n, 0)
  console.log(
    `${answeredBefore} answers before SIGTERM, ${answered - answeredBefore} during the drain; exited ${Math.round(stoppedAfter)} ms after the signal`,
  )
  expect(answeredBefore).toBeGreaterThan(CONNECTIONS)
  expect(result.failures).toEqual([])
  expect(result.failed).toBe(0)
  // Every connection was told to close with an answer, none was closed under a client about to send.
  expect(result.closedAsAnnounced).toBe(CONNECTIONS)
  expect([...result.statuses.keys()]).toEqual([200])
  expect(stoppedAfter).toBeGreaterThanOrEqual(DRAIN_MS)

  const lines = server.output()
  expect(lines).toContain(`"message":"shutting down","signal":"SIGTERM","drainMs":${DRAIN_MS}`)
  expect(lines.indexOf('"message":"stopped"')).toBeGreaterThan(lines.indexOf('"message":"shutting down"'))
  await expect(fetch(`${server.url}/livez`)).rejects.toThrow()
  await server.stop()
}, 60_000)

test('SIGTERM twice, as systemd and `bun run start` send it: the drain goes on, no request is cut, exit 0; SIGINT then stops at once', async () => {
  const server = await startServer({ SHUTDOWN_DRAIN_MS: String(DRAIN_MS) })
  await (await fetch(`${server.url}/rdc25`)).arrayBuffer()
  const load = await keepAliveLoad(server.url, '/rdc25', 16)
  await Bun.sleep(500)
  server.process.kill('SIGTERM')
  await Bun.sleep(100)
  server.process.kill('SIGTERM')
  const result = await load.finished()
  expect(await server.exited(), server.output()).toBe(0)
  expect(result.failures).toEqual([])
  expect(result.failed).toBe(0)
  expect([...result.statuses.keys()]).toEqual([200])
  expect(server.output()).toContain('SIGTERM again during shutdown: ignored')
  await server.stop()

  // An operator's Ctrl-C during the drain does not wait for it.
  const other = await startServer({ SHUTDOWN_DRAIN_MS: '30000' })
  other.process.kill('SIGTERM')
  await Bun.sleep(100)
  other.process.kill('SIGINT')
  expect(await other.exited()).toBe(1)
  expect(other.output()).toContain('second signal during shutdown: stopping now')
  await other.stop()
}, 60_000)

test('idle keep-alive connections are closed cleanly (FIN, no reset) when the server stops', async () => {
  const server = await startServer({ SHUTDOWN_DRAIN_MS: '0' })
  const { hostname, port } = new URL(server.url)
  const endings = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const socket = connect(Number(port), hostname)
      let answer = ''
      const ending = new Promise<string>((resolve) => {
        socket.on('data', (chunk) => (answer += chunk))
        socket.on('end', () => resolve('end'))
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`))
      })
      socket.write(`GET /livez HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`)
      while (!answer.includes('"status":"ok"')) await Bun.sleep(10)
      return { socket, ending }
    }),
  )
  server.process.kill('SIGTERM')
  expect(await Promise.all(endings.map((idle) => idle.ending))).toEqual(Array(8).fill('end'))
  for (const idle of endings) idle.socket.destroy()
  expect(await server.exited(), server.output()).toBe(0)
  await server.stop()
})

test('SIGTERM to the process group of `bun run start`, as systemd stops a service, under reads and writes: no request is cut, exit 0', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-group-'))
  await copySeededDatabase(join(dir, 'site.db'), Date.now())
  assertFreshBundle()
  const port = freePort()
  // A process group of its own, led by `bun run`, as systemd's default KillMode=control-group signals it.
  const started = spawn('bun', ['run', 'start'], {
    cwd: join(import.meta.dir, '..', '..'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'site.db')}`,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      ADMIN_PASSWORD: GROUP_PASSWORD,
      LOG_REQUESTS: 'false',
      WARM_UP: 'false',
    },
  })
  let output = ''
  started.stdout.on('data', (chunk) => (output += chunk))
  started.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => started.on('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  try {
    if (!(await untilHealthy(url, 30_000))) throw new Error(`not healthy within 30 s:\n${output}`)
    await (await fetch(`${url}/rdc25`)).arrayBuffer()
    const login = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ password: GROUP_PASSWORD }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const headers = { 'content-type': 'application/json', origin: url, cookie }
    const draft = { title: 'Saved during the stop', content: '<p>x</p>', status: 'draft' }
    const created = await fetch(`${url}/api/blog`, { method: 'POST', headers, body: JSON.stringify(draft) })
    expect(created.status).toBe(201)
    const { id, slug } = (await created.json()) as { id: number; slug: string }
    // Pages from memory, and saves of a draft written to the database, one after another on each connection.
    const reads = await keepAliveLoad(url, '/rdc25', 32)
    const writes = await keepAliveLoad(url, `/api/blog/${id}`, 4, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...draft, slug }),
    })
    await Bun.sleep(500)
    process.kill(-(started.pid as number), 'SIGTERM')
    const [result, written] = await Promise.all([reads.finished(), writes.finished()])
    expect(await exited, output).toBe(0)
    for (const [load, connections, status] of [
      [result, 32, 200],
      [written, 4, 200],
    ] as const) {
      expect(load.failures).toEqual([])
      expect(load.failed).toBe(0)
      expect([...load.statuses.keys()]).toEqual([status])
      expect(load.closedAsAnnounced).toBe(connections)
    }
    // The group's signal and the one `bun run` passes on merge when both are pending at once (signals do not
    // queue), so the second is seen in some runs only; the test before this one sends it for certain.
    console.log(
      `process group: ${output.includes('SIGTERM again during shutdown') ? 'two SIGTERMs' : 'one SIGTERM (merged)'} reached the server; ${written.statuses.get(200)} saves written, ${result.closedAsAnnounced + written.closedAsAnnounced} connections drained`,
    )
  } finally {
    try {
      process.kill(-(started.pid as number), 'SIGKILL')
    } catch {}
    rmSync(dir, { recursive: true, force: true })
  }
}, 60_000)

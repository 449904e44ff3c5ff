import { expect, test } from 'bun:test'
import { connect } from 'node:net'
import { keepAliveLoad } from './support/keep-alive-load'
import { startServer } from './support/server'

const CONNECTIONS = 64
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
  expect(await server.process.exited, server.output()).toBe(0)
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
  expect(await server.process.exited, server.output()).toBe(0)
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
  expect(await other.process.exited).toBe(1)
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
  expect(await server.process.exited, server.output()).toBe(0)
  await server.stop()
})

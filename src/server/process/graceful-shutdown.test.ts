import { expect, test } from 'bun:test'
import type { Logger } from '../observability/logger'
import { createShutdown } from './graceful-shutdown'

function recordingLogger() {
  const lines: string[] = []
  const logger: Logger = {
    debug: (message) => lines.push(`debug ${message}`),
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  }
  return { logger, lines }
}

test('draining starts at once; the server stops after the drain; the database closes last', async () => {
  const server = Bun.serve({ port: 0, fetch: () => new Response('ok') })
  const steps: string[] = []
  const { logger, lines } = recordingLogger()
  const shutdown = createShutdown({
    stopServer: async (force) => {
      steps.push(`stop force=${force}`)
      await server.stop(force)
    },
    closeDatabase: () => void steps.push('close database'),
    logger,
  })
  expect(shutdown.draining()).toBe(false)
  const started = performance.now()
  // A drain long enough that a request made at its start is answered within it on a busy machine.
  const running = shutdown.run('SIGTERM', 1000)
  expect(shutdown.draining()).toBe(true)
  // During the drain the server still answers.
  expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('ok')
  expect(steps).toEqual([])
  await running
  expect(performance.now() - started).toBeGreaterThanOrEqual(995)
  expect(steps).toEqual(['stop force=false', 'close database'])
  expect(lines).toEqual(['info shutting down', 'info stopped'])
  // A second signal while stopping changes nothing.
  await shutdown.run('SIGTERM', 0)
  expect(steps.length).toBe(2)
})

test('a request still running at the end of the grace period is cut, then the database closes', async () => {
  let arrived!: () => void
  const requestArrived = new Promise<void>((resolve) => (arrived = resolve))
  const server = Bun.serve({
    port: 0,
    fetch: () => {
      arrived()
      return new Promise<Response>(() => {})
    },
  })
  const steps: string[] = []
  const { logger, lines } = recordingLogger()
  const shutdown = createShutdown({
    stopServer: async (force) => {
      steps.push(`stop force=${force}`)
      await server.stop(force)
    },
    closeDatabase: () => void steps.push('close database'),
    logger,
    graceMs: 300,
  })
  const hanging = fetch(`http://127.0.0.1:${server.port}/`).then(
    () => 'answered',
    () => 'cut',
  )
  await requestArrived
  await shutdown.run('SIGTERM', 0)
  expect(await hanging).toBe('cut')
  expect(steps).toEqual(['stop force=false', 'stop force=true', 'close database'])
  expect(lines).toContain('warn requests still running at the end of the shutdown grace period were cut')
})

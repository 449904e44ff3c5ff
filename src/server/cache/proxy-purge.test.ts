import { afterEach, expect, test } from 'bun:test'
import { createProxyPurges, PURGE_REPEAT_MS, webhookPurge } from './proxy-purge'

interface Received {
  method: string
  headers: Headers
  body: string
}

const servers: { stop(force?: boolean): unknown }[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.stop(true)
})

/** A real HTTP server on a free local port that answers `status` and keeps every request it receives. */
function recordingServer(status = 200) {
  const received: Received[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      received.push({ method: request.method, headers: request.headers, body: await request.text() })
      return new Response(status === 200 ? 'purged' : 'no', { status })
    },
  })
  servers.push(server)
  return { url: `http://127.0.0.1:${server.port}/`, received }
}

/** An address nothing answers at: a port a server had and gave back. */
function closedAddress() {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') })
  const url = `http://127.0.0.1:${server.port}/`
  server.stop(true)
  return url
}

function recordingLogger() {
  const warnings: { message: string; fields?: Record<string, unknown> }[] = []
  return {
    warnings,
    logger: { warn: (message: string, fields?: Record<string, unknown>) => warnings.push({ message, fields }) },
  }
}

const keysSent = (received: Received[]) => received.map((request) => request.headers.get('surrogate-key'))

test('with no purge configured there is nothing to tell', () => {
  expect(createProxyPurges({}, recordingLogger().logger)).toBeNull()
  expect(createProxyPurges({ PURGE_URLS: '' }, recordingLogger().logger)).toBeNull()
})

test('a change is purged by its keys at every address PURGE_URLS names', async () => {
  const first = recordingServer()
  const second = recordingServer()
  const { logger, warnings } = recordingLogger()
  const purges = createProxyPurges({ PURGE_URLS: `${first.url}, ${second.url}` }, logger)!
  await purges.changed(['post-1', 'posts'])
  for (const { received } of [first, second]) {
    expect(received.map((request) => request.method)).toEqual(['PURGE'])
    expect(keysSent(received)).toEqual(['post-1 posts'])
  }
  expect(purges.stats()).toEqual({ sent: 1, failed: 0 })
  expect(warnings).toEqual([])
})

test('a change to everything purges the key every page carries, site', async () => {
  const proxy = recordingServer()
  const purges = createProxyPurges({ PURGE_URLS: proxy.url }, recordingLogger().logger)!
  await purges.changed(['*'])
  expect(keysSent(proxy.received)).toEqual(['site'])
})

test('more than 30 keys are sent in several requests of at most 30, every key once', async () => {
  const proxy = recordingServer()
  const purges = createProxyPurges({ PURGE_URLS: proxy.url }, recordingLogger().logger)!
  const keys = Array.from({ length: 65 }, (_, i) => `post-${i + 1}`)
  await purges.changed(keys)
  const parts = keysSent(proxy.received).map((header) => header!.split(' '))
  expect(parts.length).toBe(3)
  for (const part of parts) expect(part.length).toBeLessThanOrEqual(30)
  expect(parts.flat().sort()).toEqual([...keys].sort())
})

test('the purge is sent once more after every process has seen the change', async () => {
  const proxy = recordingServer()
  const purges = createProxyPurges({ PURGE_URLS: proxy.url }, recordingLogger().logger)!
  expect(PURGE_REPEAT_MS).toBeLessThan(2000)
  const changedAt = performance.now()
  await purges.changed(['post-7'])
  expect(keysSent(proxy.received)).toEqual(['post-7'])
  await Bun.sleep(changedAt + PURGE_REPEAT_MS - 400 - performance.now())
  expect(proxy.received.length).toBe(1)
  // Then it comes, soon after PURGE_REPEAT_MS.
  while (purges.stats().sent < 2 && performance.now() < changedAt + PURGE_REPEAT_MS + 1000) await Bun.sleep(20)
  expect(keysSent(proxy.received)).toEqual(['post-7', 'post-7'])
  expect(purges.stats()).toEqual({ sent: 2, failed: 0 })
})

test('a proxy answering 500 is counted and logged as a warning, never thrown at the writer', async () => {
  const healthy = recordingServer()
  const broken = recordingServer(500)
  const { logger, warnings } = recordingLogger()
  const purges = createProxyPurges({ PURGE_URLS: `${healthy.url},${broken.url}` }, logger)!
  await expect(purges.changed(['post-1'])).resolves.toBeDefined()
  // The other address is still told.
  expect(keysSent(healthy.received)).toEqual(['post-1'])
  expect(keysSent(broken.received)).toEqual(['post-1'])
  expect(purges.stats()).toEqual({ sent: 0, failed: 1 })
  expect(warnings.length).toBe(1)
  expect(warnings[0]!.message).toBe('proxy purge failed')
  expect(warnings[0]!.fields).toMatchObject({ driver: 'varnish', keys: 'post-1' })
  expect(String(warnings[0]!.fields?.error)).toContain('500')
})

test('an address nothing answers at is counted and logged as a warning, never thrown at the writer', async () => {
  const { logger, warnings } = recordingLogger()
  const purges = createProxyPurges({ PURGE_URLS: closedAddress() }, logger)!
  await purges.changed(['posts', 'search'])
  expect(purges.stats()).toEqual({ sent: 0, failed: 1 })
  expect(warnings.map((warning) => warning.message)).toEqual(['proxy purge failed'])
  expect(warnings[0]!.fields).toMatchObject({ driver: 'varnish', keys: 'posts search' })
})

test('the webhook posts the keys as JSON tags with the header it is given', async () => {
  const api = recordingServer()
  await webhookPurge(api.url, 'Authorization: Bearer x', 'tags').purge(['post-1', 'posts'])
  expect(api.received.length).toBe(1)
  const [request] = api.received
  expect(request!.method).toBe('POST')
  expect(request!.headers.get('content-type')).toBe('application/json')
  expect(request!.headers.get('authorization')).toBe('Bearer x')
  expect(JSON.parse(request!.body)).toEqual({ tags: ['post-1', 'posts'] })
})

test('the webhook posts surrogate_keys when that is the field named, in parts of at most 30', async () => {
  const api = recordingServer()
  const keys = Array.from({ length: 31 }, (_, i) => `tag-${i + 1}`)
  await webhookPurge(api.url, 'Fastly-Key: secret', 'surrogate_keys').purge(keys)
  expect(api.received.map((request) => request.headers.get('fastly-key'))).toEqual(['secret', 'secret'])
  const bodies = api.received.map((request) => JSON.parse(request.body) as { surrogate_keys: string[] })
  expect(bodies.map((body) => Object.keys(body))).toEqual([['surrogate_keys'], ['surrogate_keys']])
  expect(bodies.flatMap((body) => body.surrogate_keys)).toEqual(keys)
})

test('a webhook answering an error is counted and logged, and the proxy beside it is still told', async () => {
  const api = recordingServer(500)
  const proxy = recordingServer()
  const { logger, warnings } = recordingLogger()
  const purges = createProxyPurges({ PURGE_URLS: proxy.url, PURGE_WEBHOOK_URL: api.url }, logger)!
  await purges.changed(['*'])
  expect(JSON.parse(api.received[0]!.body)).toEqual({ tags: ['site'] })
  expect(keysSent(proxy.received)).toEqual(['site'])
  expect(purges.stats()).toEqual({ sent: 1, failed: 1 })
  expect(warnings.map((warning) => warning.fields?.driver)).toEqual(['webhook'])
})

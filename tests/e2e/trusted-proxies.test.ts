import { afterAll, expect, test } from 'bun:test'
import { type RunningServer, startServer } from './support/server'

/*
 * Sign-in limits behind a proxy, on a real server whose peer is this machine (127.0.0.1): by default a proxy on
 * this machine is trusted to say who each visitor is; a server told its proxy is elsewhere ignores the header.
 */
const PASSWORD = 'e2e-proxy-owner-password'
const servers: RunningServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})

const login = (server: RunningServer, visitor: string, password: string) =>
  fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': visitor },
    body: JSON.stringify({ password }),
  })

/** Six wrong passwords from `visitor`: the sixth is refused as locked. */
async function lockOut(server: RunningServer, visitor: string) {
  for (let i = 0; i < 5; i++) expect((await login(server, visitor, `guess ${i}`)).status).toBe(401)
  expect((await login(server, visitor, 'guess 5')).status).toBe(429)
}

test('behind a proxy on this machine, with default settings, one visitor’s wrong passwords lock only that visitor', async () => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD })
  servers.push(server)
  await lockOut(server, '198.51.100.7')
  expect((await login(server, '203.0.113.20', PASSWORD)).status).toBe(200)
  expect(server.output()).not.toContain('X-Forwarded-For from a peer TRUST_PROXY does not trust')
})

test('a forged X-Forwarded-For from a peer not trusted is ignored, and said once in the log', async () => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '10.0.0.0/8' })
  servers.push(server)
  await lockOut(server, '198.51.100.7')
  // Another address in the header changes nothing: the lock is on this machine, the real peer.
  expect((await login(server, '203.0.113.20', PASSWORD)).status).toBe(429)
  const warnings = server.output().split('X-Forwarded-For from a peer TRUST_PROXY does not trust').length - 1
  expect(warnings).toBe(1)
})

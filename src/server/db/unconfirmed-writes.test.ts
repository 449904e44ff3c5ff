import { expect, test } from 'bun:test'
import { failure as failureOf, serving } from '../../../tests/support/database-failure'
import { freePort } from '../../../tests/support/free-port'
import { isDatabaseUnreachable } from './errors'
import { isUnconfirmedWrite } from './unconfirmed-writes'

const WRITE = "INSERT INTO app_settings (key, value) VALUES ('k', 'v')"

/** Given up after 200 ms, for the server that never answers. */
const failure = (url: string, sql: string) => failureOf(url, sql, 200)

test('a write to a server that was never reached is not in doubt: nothing went out', async () => {
  const url = `http://127.0.0.1:${freePort()}`
  const refused = await failure(url, WRITE)
  expect(isDatabaseUnreachable(refused)).toBe(true)
  expect(isUnconfirmedWrite(refused)).toBe(false)
  // Nor is a gateway's 503, which had no server to pass it to.
  await serving(
    () => new Response('', { status: 503 }),
    async (gateway) => expect(isUnconfirmedWrite(await failure(gateway, WRITE))).toBe(false),
  )
})

test('a write whose answer never came, or came from a gateway that may have passed it on, is in doubt; a read is not', async () => {
  await serving(
    () => new Promise<Response>(() => {}),
    async (silent) => {
      expect(isUnconfirmedWrite(await failure(silent, WRITE))).toBe(true)
      expect(isUnconfirmedWrite(await failure(silent, 'SELECT 1'))).toBe(false)
    },
  )
  for (const status of [502, 504])
    await serving(
      () => new Response('', { status }),
      async (gateway) => expect(isUnconfirmedWrite(await failure(gateway, WRITE))).toBe(true),
    )
})

test('a connection reset once the write was sent puts it in doubt', async () => {
  const listener = Bun.listen({
    hostname: '127.0.0.1',
    port: 0,
    socket: { data: (socket) => socket.terminate() },
  })
  try {
    const error = await failure(`http://127.0.0.1:${listener.port}`, WRITE)
    expect(isDatabaseUnreachable(error)).toBe(true)
    expect(isUnconfirmedWrite(error)).toBe(true)
  } finally {
    listener.stop(true)
  }
})

import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { failure as failureOf, serving } from '../../../tests/support/database-failure'
import { freePort } from '../../../tests/support/free-port'
import { openDatabase } from './client'
import { isDatabaseUnreachable } from './errors'
import { bookkeeping, isUnconfirmedWrite, isWriteInDoubt, trackRequestWrites } from './unconfirmed-writes'

const WRITE = "INSERT INTO app_settings (key, value) VALUES ('k', 'v')"

/** Given up after 200 ms, for the server that never answers. */
const failure = (url: string, sql: string) => failureOf(url, sql, 200)

test('a write to a server that was never reached is not in doubt: nothing went out', async () => {
  const url = `http://127.0.0.1:${freePort()}`
  const refused = await failure(url, WRITE)
  expect(isDatabaseUnreachable(refused)).toBe(true)
  expect(isUnconfirmedWrite(refused)).toBe(false)
})

test('a write whose answer never came, or came from a gateway (which may have passed it on), is in doubt; a read is not', async () => {
  await serving(
    () => new Promise<Response>(() => {}),
    async (silent) => {
      expect(isUnconfirmedWrite(await failure(silent, WRITE))).toBe(true)
      expect(isUnconfirmedWrite(await failure(silent, 'SELECT 1'))).toBe(false)
    },
  )
  for (const status of [502, 503, 504])
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

test("a refusal after the request stored a write leaves it in doubt, unless that write was the site's own bookkeeping", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'in-doubt-'))
  const db = await openDatabase({ url: `file:${join(dir, 'site.db')}` })
  try {
    await db.$client.execute('CREATE TABLE kept (n INTEGER)')
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
    const answer = (method: string, work: () => Promise<unknown>) =>
      trackRequestWrites(async (_request: Request) => {
        await work()
        return isWriteInDoubt(busy)
      })(new Request('http://site.test/api/thing', { method }))
    expect(await answer('POST', () => db.$client.execute('INSERT INTO kept VALUES (1)'))).toBe(true)
    expect(await answer('POST', () => db.$client.execute('SELECT count(*) FROM kept'))).toBe(false)
    // The ORM's query runs when awaited: inside `bookkeeping`, not after it.
    expect(await answer('POST', () => bookkeeping(() => db.run(sql`INSERT INTO kept VALUES (2)`)))).toBe(false)
    expect(await answer('GET', () => db.$client.execute('INSERT INTO kept VALUES (3)'))).toBe(false)
    expect(isWriteInDoubt(busy)).toBe(false)
  } finally {
    db.$client.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { failure, serving } from '../../../tests/support/database-failure'
import { freePort } from '../../../tests/support/free-port'
import { errorFields } from '../observability/error-fields'
import { openDatabase } from './client'
import { isDatabaseUnreachable, isUniqueViolation, unavailableReason } from './errors'
import { appSettings } from './schema'

const dir = mkdtempSync(join(tmpdir(), 'db-errors-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A stand-in for whatever sits at a libSQL server's address and answers every request with `status`. */
const answering = (status: number, run: (url: string) => Promise<void>) =>
  serving(() => new Response('', { status }), run)

test('nobody listening, as the driver and as drizzle report it, is unreachable', async () => {
  const url = `http://127.0.0.1:${freePort()}`
  expect(isDatabaseUnreachable(await failure(url))).toBe(true)
  const db = await openDatabase({ url, authToken: 'token' })
  const wrapped = await db
    .select()
    .from(appSettings)
    .then(
      () => null,
      (error: unknown) => error,
    )
  db.$client.close()
  // Drizzle's error says only "Failed query"; the refusal is its cause.
  expect(wrapped).toBeInstanceOf(Error)
  expect(isDatabaseUnreachable(wrapped)).toBe(true)
  // The log is told what the network said, not the statement and its parameters.
  expect(String(wrapped)).toContain('params:')
  expect(unavailableReason(wrapped)).toStartWith('ECONNREFUSED')
})

test('a server that never answers is given up after the timeout, as unreachable', async () => {
  const silent = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Promise<Response>(() => {}) })
  try {
    const startedAt = performance.now()
    const error = await failure(`http://127.0.0.1:${silent.port}`, 'SELECT 1', 200)
    expect(performance.now() - startedAt).toBeLessThan(2000)
    expect(isDatabaseUnreachable(error)).toBe(true)
  } finally {
    silent.stop(true)
  }
})

test("a gateway's 502-504 is unreachable; the server's own 500 or 401 is not", async () => {
  for (const status of [502, 503, 504]) {
    await answering(status, async (url) => expect(isDatabaseUnreachable(await failure(url))).toBe(true))
  }
  for (const status of [500, 401]) {
    await answering(status, async (url) => expect(isDatabaseUnreachable(await failure(url))).toBe(false))
  }
})

test('a statement the database refuses is not unreachable', async () => {
  const url = `file:${join(dir, 'site.db')}`
  expect(isDatabaseUnreachable(await failure(url, 'SELECT * FROM no_such_table'))).toBe(false)
  const db = await openDatabase({ url })
  await db.$client.execute('CREATE TABLE once (id INTEGER PRIMARY KEY)')
  await db.$client.execute('INSERT INTO once VALUES (1)')
  db.$client.close()
  const duplicate = await failure(url, 'INSERT INTO once VALUES (1)')
  expect(isUniqueViolation(duplicate)).toBe(true)
  expect(isDatabaseUnreachable(duplicate)).toBe(false)
  // A status on an error that is not the libSQL client's (an HTTP framework's, say) says nothing about the database.
  expect(isDatabaseUnreachable(Object.assign(new Error('busy'), { status: 503 }))).toBe(false)
})

test('a damaged or read-only database file is logged with what to do about it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'database-advice-'))
  try {
    const damaged = join(dir, 'damaged.db')
    writeFileSync(damaged, Buffer.alloc(8192, 7))
    const broken = createClient({ url: `file:${damaged}` })
    const failure = await broken.execute('SELECT 1 FROM sqlite_master').catch((error: unknown) => error)
    broken.close()
    expect(errorFields(failure).advice).toContain('bun run db:restore')

    const sealed = join(dir, 'sealed.db')
    const made = createClient({ url: `file:${sealed}` })
    await made.execute('CREATE TABLE t (v TEXT)')
    made.close()
    // What SQLite answers for a file it may not write (root, as CI runs, may write any file): SQLITE_READONLY.
    const readOnly = createClient({ url: `file:${sealed}`, concurrency: 1 })
    await readOnly.execute('PRAGMA query_only = ON')
    const refused = await readOnly.execute("INSERT INTO t VALUES ('x')").catch((error: unknown) => error)
    readOnly.close()
    expect(errorFields(refused).advice).toContain('writable')
    expect(errorFields(new Error('something else')).advice).toBeUndefined()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

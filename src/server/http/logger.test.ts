import { describe, expect, test } from 'bun:test'
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../db/client'
import { applyMigrations } from '../db/migrate'
import { appSettings } from '../db/schema'
import { errorFields } from './error-fields'
import { createJsonLogger, MAX_PENDING_LOG_BYTES } from './logger'

/** A stream that keeps what it is given, as stdout would pass it on. */
function collecting() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { stream, lines, parsed: () => lines.map((line) => JSON.parse(line)) }
}

describe('levels', () => {
  test('LOG_LEVEL names the least severe level written; info by default', () => {
    const all = ['debug', 'info', 'warn', 'error'] as const
    const written = (level?: (typeof all)[number]) => {
      const out = collecting()
      const logger = createJsonLogger({ level, stream: out.stream })
      for (const name of all) logger[name](`a ${name} line`, { n: 1 })
      return out.parsed().map((line) => line.level)
    }
    expect(written()).toEqual(['info', 'warn', 'error'])
    expect(written('debug')).toEqual(['debug', 'info', 'warn', 'error'])
    expect(written('warn')).toEqual(['warn', 'error'])
    expect(written('error')).toEqual(['error'])
  })

  test('each line is one JSON object with time, level, message and the fields', () => {
    const out = collecting()
    createJsonLogger({ stream: out.stream }).warn('stale page served', { path: '/blog' })
    expect(out.lines[0]!.endsWith('\n')).toBe(true)
    expect(out.parsed()[0]).toMatchObject({ level: 'warn', message: 'stale page served', path: '/blog' })
    expect(Number.isNaN(Date.parse(out.parsed()[0].time))).toBe(false)
  })
})

describe('a failed query is logged with its cause chain and without its SQL or values', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-log-'))
  const db = await openDatabase({ url: `file:${join(dir, 'site.db')}` })
  await applyMigrations(db)
  const coverLetter = 'Dear studio, reach me at ada.lovelace@example.com'
  const insert = () => db.insert(appSettings).values({ key: 'duplicate', value: coverLetter, updatedAt: new Date() })
  await insert()
  const failure = await insert().then(
    () => null,
    (error: unknown) => error,
  )
  const missingTable = await db.run(sql`SELECT * FROM no_such_table WHERE email = ${'grace@example.com'}`).then(
    () => null,
    (error: unknown) => error,
  )
  db.$client.close()
  rmSync(dir, { recursive: true, force: true })

  test('the driver refused it (the test stands on a real error)', () => {
    expect(failure).toBeInstanceOf(Error)
    expect(String(failure)).toContain(coverLetter)
  })

  test('errorFields: the error, each cause with its name and libSQL code, the stack frames', () => {
    const fields = errorFields(failure)
    const text = JSON.stringify(fields)
    expect(text).not.toContain('ada.lovelace')
    expect(text).not.toContain('insert into')
    expect(text).not.toContain('app_settings"')
    expect(fields.error).toBe('Failed query (SQL and parameters are not logged)')
    expect(fields.errorName).toBe('DrizzleQueryError')
    const causes = fields.causes as { name: string; message: string; code?: string }[]
    expect(causes[0]).toMatchObject({ name: 'LibsqlError', code: 'SQLITE_CONSTRAINT' })
    expect(causes[0]!.message).toContain('UNIQUE constraint failed: app_settings.key')
    expect(causes[1]).toMatchObject({ name: 'SqliteError', code: 'SQLITE_CONSTRAINT_PRIMARYKEY' })
    expect(String(fields.stack)).toMatch(/^at /)
  })

  test('the same when the error is passed as a field, and for an error that names its table', () => {
    const out = collecting()
    const logger = createJsonLogger({ stream: out.stream })
    logger.error('save failed', { error: failure })
    logger.error('query failed', errorFields(missingTable))
    const text = out.lines.join('')
    expect(text).not.toContain('ada.lovelace')
    expect(text).not.toContain('grace@example.com')
    expect(text).not.toContain('SELECT')
    expect(out.parsed()[0].error).toMatchObject({ errorName: 'DrizzleQueryError' })
    expect(out.parsed()[1].causes[0]).toMatchObject({ code: 'SQLITE_ERROR' })
    expect(out.parsed()[1].causes[0].message).toContain('no such table: no_such_table')
  })

  test('a cause chain that loops ends, and thrown non-errors are described', () => {
    const a = new Error('a')
    const b = new Error('b', { cause: a })
    a.cause = b
    expect((errorFields(a).causes as unknown[]).length).toBe(1)
    expect(errorFields('plain text')).toEqual({ error: 'plain text', errorName: 'string' })
  })
})

describe('writing never takes the process down', () => {
  test('a full disk (ENOSPC on /dev/full): lines are lost, nothing throws, the error event is taken', async () => {
    const stream = createWriteStream('/dev/full')
    const logger = createJsonLogger({ stream })
    for (let i = 0; i < 50; i++) logger.info('line', { i })
    await Bun.sleep(50)
    expect(stream.errored).toBeTruthy()
    expect((stream.errored as NodeJS.ErrnoException).code).toBe('ENOSPC')
    expect(() => logger.error('after the failure')).not.toThrow()
  })

  test('a closed stream and one that throws are both survived', () => {
    const out = collecting()
    out.stream.destroy()
    expect(() => createJsonLogger({ stream: out.stream }).info('after close')).not.toThrow()
    const throwing = {
      write: () => {
        throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })
      },
      on: () => {},
    }
    expect(() => createJsonLogger({ stream: throwing }).info('into a broken pipe')).not.toThrow()
  })

  test('a reader that stopped reading: past the bound, lines are dropped instead of piling up in memory', () => {
    // Never calls back, as a pipe whose reader is stuck.
    const stuck = new Writable({ highWaterMark: 1024, write() {} })
    const logger = createJsonLogger({ stream: stuck })
    const line = 'x'.repeat(1000)
    for (let i = 0; i < 10_000; i++) logger.info(line)
    expect(stuck.writableLength).toBeGreaterThan(MAX_PENDING_LOG_BYTES)
    expect(stuck.writableLength).toBeLessThan(MAX_PENDING_LOG_BYTES + 2 * line.length + 200)
  })
})

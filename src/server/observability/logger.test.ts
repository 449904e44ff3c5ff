import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../db/client'
import { applyMigrations } from '../db/migrate'
import { appSettings } from '../db/schema'
import { errorFields } from './error-fields'
import { createLogSink } from './log-sink'
import { createJsonLogger } from './logger'

/** A sink onto a stream that keeps what it is given, as stdout would pass it on; `parsed` writes it out first. */
function collecting() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  const sink = createLogSink(stream)
  return {
    sink,
    lines,
    parsed: () => {
      sink.flush()
      return lines.map((line) => JSON.parse(line))
    },
  }
}

describe('levels', () => {
  test('LOG_LEVEL names the least severe level written; info by default', () => {
    const all = ['debug', 'info', 'warn', 'error'] as const
    const written = (level?: (typeof all)[number]) => {
      const out = collecting()
      const logger = createJsonLogger({ level, sink: out.sink })
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
    createJsonLogger({ sink: out.sink }).warn('stale page served', { path: '/blog' })
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
    const logger = createJsonLogger({ sink: out.sink })
    logger.error('save failed', { error: failure })
    logger.error('query failed', errorFields(missingTable))
    const text = out.lines.join('\n')
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

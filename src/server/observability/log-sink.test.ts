import { describe, expect, test } from 'bun:test'
import { createWriteStream } from 'node:fs'
import { Writable } from 'node:stream'
import { createLogSink, MAX_PENDING_LOG_BYTES } from './log-sink'

test('lines are gathered into one write, and written at once when they pass the byte budget', async () => {
  const writes: string[] = []
  const sink = createLogSink({ write: (chunk: string) => writes.push(chunk) }, { maxDelayMs: 20, maxBytes: 100 })
  sink.write('one')
  sink.write('two')
  expect(writes).toEqual([])
  await Bun.sleep(40)
  expect(writes).toEqual(['one\ntwo\n'])
  sink.write('x'.repeat(120))
  expect(writes).toHaveLength(2)
  sink.write('three')
  sink.flush()
  expect(writes.at(-1)).toBe('three\n')
})

test('a process that exits right after logging loses no line, through a pipe', async () => {
  const child = Bun.spawn(
    [
      'bun',
      '-e',
      `const { createJsonLogger } = await import(${JSON.stringify(`${import.meta.dir}/logger.ts`)})
       const logger = createJsonLogger()
       for (let i = 0; i < 20000; i++) logger.info('request', { i })
       process.exit(0)`,
    ],
    { stdout: 'pipe', stderr: 'inherit' },
  )
  const lines = (await new Response(child.stdout).text()).trim().split('\n')
  expect(await child.exited).toBe(0)
  expect(lines).toHaveLength(20000)
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ message: 'request', i: 19999 })
})

describe('writing never takes the process down', () => {
  test('a full disk (ENOSPC on /dev/full): lines are lost, nothing throws, the error event is taken', async () => {
    const stream = createWriteStream('/dev/full')
    const sink = createLogSink(stream)
    for (let i = 0; i < 50; i++) {
      sink.write(`line ${i}`)
      sink.flush()
    }
    for (let waited = 0; !stream.errored && waited < 5000; waited += 20) await Bun.sleep(20)
    expect((stream.errored as NodeJS.ErrnoException | null)?.code).toBe('ENOSPC')
    sink.write('after the failure')
    expect(() => sink.flush()).not.toThrow()
  })

  test('a closed stream and one that throws are both survived', () => {
    const closed = new Writable({ write: (_chunk, _encoding, done) => done() })
    closed.destroy()
    const onClosed = createLogSink(closed)
    onClosed.write('after close')
    expect(() => onClosed.flush()).not.toThrow()
    const throwing = createLogSink({
      write: () => {
        throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })
      },
    })
    throwing.write('into a broken pipe')
    expect(() => throwing.flush()).not.toThrow()
  })

  test('a reader that stopped reading: past the bound, lines are dropped instead of piling up in memory', () => {
    // Never calls back, as a pipe whose reader is stuck.
    const stuck = new Writable({ highWaterMark: 1024, write() {} })
    const sink = createLogSink(stuck, { maxBytes: 10_000 })
    const line = 'x'.repeat(1000)
    for (let i = 0; i < 10_000; i++) sink.write(line)
    sink.flush()
    expect(stuck.writableLength).toBeGreaterThan(MAX_PENDING_LOG_BYTES)
    expect(stuck.writableLength).toBeLessThan(MAX_PENDING_LOG_BYTES + 20_000)
  })
})

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

/** Runs `script` in a Bun process whose stdout is a pipe that `reader` (a shell command) reads, as a log shipper. */
async function throughPipe(script: string, reader: string) {
  const logger = JSON.stringify(`${import.meta.dir}/logger.ts`)
  const child = Bun.spawn(
    [
      'sh',
      '-c',
      `"$0" -e "$1" | ${reader}`,
      process.execPath,
      `const { createJsonLogger } = await import(${logger})\n${script}`,
    ],
    { stdout: 'pipe', stderr: 'inherit' },
  )
  const text = await new Response(child.stdout).text()
  expect(await child.exited).toBe(0)
  return text
}

test("a process that ends with logger.exit, as the server does, loses no line, though the pipe's reader is behind", async () => {
  const text = await throughPipe(
    `const logger = createJsonLogger()
     for (let i = 0; i < 20000; i++) logger.info('request', { i })
     logger.exit(0, 10_000)`,
    '(sleep 0.5; cat)',
  )
  const lines = text.trim().split('\n')
  expect(lines).toHaveLength(20000)
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ message: 'request', i: 19999 })
})

test('a pipe whose reader stopped: what waits for it stays within the bound, whole lines, instead of all of it', async () => {
  // 20 MB of lines while the reader sleeps. Bun's stdout alone would keep every byte in memory and pass it on.
  const text = await throughPipe(
    `const logger = createJsonLogger()
     const pad = 'x'.repeat(1000)
     for (let i = 0; i < 20000; i++) logger.info('request', { i, pad })
     logger.exit(0, 10_000)`,
    '(sleep 1; cat)',
  )
  expect(text.length).toBeGreaterThan(MAX_PENDING_LOG_BYTES / 2)
  expect(text.length).toBeLessThan(MAX_PENDING_LOG_BYTES + 1024 * 1024)
  const lines = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(lines[0]).toMatchObject({ message: 'request', i: 0 })
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

  test('a reader that stopped reading: lines wait in the sink up to the bound, then are dropped', async () => {
    const taken: string[] = []
    let release = () => {}
    // Holds its first write until released, as a pipe whose reader is stuck for a while.
    const stuck = new Writable({
      highWaterMark: 1024,
      write(chunk, _encoding, done) {
        taken.push(String(chunk))
        if (taken.length === 1) release = done
        else done()
      },
    })
    const sink = createLogSink(stuck, { maxBytes: 10_000 })
    const line = 'x'.repeat(1000)
    for (let i = 0; i < 10_000; i++) sink.write(`${i} ${line}`)
    sink.flush()
    expect(taken).toHaveLength(1)
    release()
    await sink.written(1000)
    expect(taken).toHaveLength(2)
    const bytes = taken.join('').length
    expect(bytes).toBeGreaterThan(MAX_PENDING_LOG_BYTES)
    expect(bytes).toBeLessThan(MAX_PENDING_LOG_BYTES + 20_000)
    const lines = taken.join('').trim().split('\n')
    expect(Number.parseInt(lines.at(-1)!, 10)).toBeLessThan(5000)
  })
})

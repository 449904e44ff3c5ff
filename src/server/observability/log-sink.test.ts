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

/**
 * Runs `script` in a Bun process whose stdout is a pipe that `reader` (a shell command) reads, as a log shipper;
 * what the reader got, and the Bun process's exit code.
 */
async function throughPipe(script: string, reader: string) {
  const logger = JSON.stringify(`${import.meta.dir}/logger.ts`)
  const child = Bun.spawn(
    [
      'bash',
      '-o',
      'pipefail',
      '-c',
      `"$0" -e "$1" | ${reader}`,
      process.execPath,
      `const { createJsonLogger } = await import(${logger})\n${script}`,
    ],
    { stdout: 'pipe', stderr: 'inherit' },
  )
  const text = await new Response(child.stdout).text()
  return { text, code: await child.exited }
}

test("a process that ends with logger.exit, as the server does, loses no line, though the pipe's reader is behind", async () => {
  const { text, code } = await throughPipe(
    `const logger = createJsonLogger()
     for (let i = 0; i < 20000; i++) logger.info('request', { i })
     logger.exit(0, 10_000)`,
    '(sleep 0.5; cat)',
  )
  expect(code).toBe(0)
  const lines = text.trim().split('\n')
  expect(lines).toHaveLength(20000)
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ message: 'request', i: 19999 })
})

test('a pipe whose reader stopped: what waits stays within the bound, the drop is counted, the last error is kept', async () => {
  // 20 MB of lines while the reader sleeps. Bun's stdout alone would keep every byte in memory and pass it on.
  const { text, code } = await throughPipe(
    `const logger = createJsonLogger()
     const pad = 'x'.repeat(1000)
     for (let i = 0; i < 20000; i++) logger.info('request', { i, pad })
     logger.error('failed to start')
     logger.exit(1, 10_000)`,
    '(sleep 1; cat)',
  )
  expect(code).toBe(1)
  expect(text.length).toBeGreaterThan(MAX_PENDING_LOG_BYTES / 2)
  expect(text.length).toBeLessThan(MAX_PENDING_LOG_BYTES + 1024 * 1024)
  const lines = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(lines[0]).toMatchObject({ message: 'request', i: 0 })
  const kept = lines.length - 2
  expect(lines.at(-2)).toMatchObject({ level: 'warn', message: 'log lines dropped: stdout was not read in time' })
  expect(lines.at(-2).dropped).toBe(20_000 - kept)
  expect(lines.at(-1)).toMatchObject({ level: 'error', message: 'failed to start' })
})

test('a second exit while the first waits for the pipe: the sooner deadline and the worse code win', async () => {
  const { text, code } = await throughPipe(
    `const logger = createJsonLogger()
     for (let i = 0; i < 20000; i++) logger.info('request', { i })
     logger.error('the shutdown failed')
     logger.exit(1, 30_000)
     logger.exit(0, 100)`,
    '(sleep 1; cat)',
  )
  expect(code).toBe(1)
  expect(text.trim().split('\n').length).toBeLessThan(20000)
})

describe('writing never takes the process down', () => {
  test('a pipe whose reader has gone (EPIPE): exit waits for nothing more, and the exit code is kept', async () => {
    const exited = throughPipe(
      `const logger = createJsonLogger()
       await Bun.sleep(200)
       for (let i = 0; i < 20000; i++) logger.info('request', { i })
       logger.exit(3, 30_000)`,
      'true',
    )
    const waited = await Promise.race([exited, Bun.sleep(4000).then(() => 'still waiting')])
    expect(waited).toMatchObject({ code: 3 })
  })

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

  test('a reader that stopped reading: lines wait in the sink up to the bound, then are dropped and counted; an error line is kept', async () => {
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
    const sink = createLogSink(stuck, { maxBytes: 10_000, droppedLine: (count) => `dropped ${count}` })
    const line = 'x'.repeat(1000)
    for (let i = 0; i < 10_000; i++) sink.write(`${i} ${line}`)
    sink.write('why it stopped', true)
    sink.flush()
    expect(taken).toHaveLength(1)
    release()
    await sink.written(1000)
    // Given to the output a chunk at a time, so it never holds more than one.
    expect(Math.max(...taken.map((chunk) => chunk.length))).toBeLessThanOrEqual(10_000)
    const all = taken.join('')
    expect(all.length).toBeGreaterThan(MAX_PENDING_LOG_BYTES)
    expect(all.length).toBeLessThan(MAX_PENDING_LOG_BYTES + 20_000)
    const lines = all.trim().split('\n')
    const kept = lines.length - 2
    expect(lines.slice(0, kept).map((text) => Number.parseInt(text, 10))).toEqual([...Array(kept).keys()])
    expect(lines.slice(kept)).toEqual([`dropped ${10_000 - kept}`, 'why it stopped'])
  })
})

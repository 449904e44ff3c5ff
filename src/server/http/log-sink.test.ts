import { expect, test } from 'bun:test'
import { createLogSink } from './log-sink'

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

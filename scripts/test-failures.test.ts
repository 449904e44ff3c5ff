import { expect, test } from 'bun:test'
import { failureReports } from './test-failures'

const STDERR = `bun test v1.4.5 (a7733435c) 2x PARALLEL

tests/e2e/a.test.ts:
(pass) one passes [0.38ms]
3 | test('two fails', async () => {
                     ^
error: locator.waitFor: Timeout 30000ms exceeded.
      at <anonymous> (/tmp/a.test.ts:3:93)
(fail) suite > two fails [30015.09ms]
(pass) three passes [0.20ms]

tests/e2e/b.test.ts:
error: expect(received).toBe(expected)
(fail) four fails [10.80ms]

2 tests failed:
(fail) suite > two fails [30015.09ms]
(fail) four fails [10.80ms]

 2 pass
 2 fail
`

test('each failed test keeps its own error, from its file header or the test before it', () => {
  expect(failureReports(STDERR)).toEqual([
    [
      "3 | test('two fails', async () => {",
      '                     ^',
      'error: locator.waitFor: Timeout 30000ms exceeded.',
      '      at <anonymous> (/tmp/a.test.ts:3:93)',
      '(fail) suite > two fails [30015.09ms]',
    ].join('\n'),
    ['error: expect(received).toBe(expected)', '(fail) four fails [10.80ms]'].join('\n'),
  ])
})

test('a long report keeps its end, and a passing run has none', () => {
  const long = `${Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n')}\n(fail) long [1ms]\n`
  const [report] = failureReports(long)
  expect(report!.split('\n')).toHaveLength(40)
  expect(report!.endsWith('line 99\n(fail) long [1ms]')).toBe(true)
  expect(failureReports('(pass) fine [1ms]\n\n 1 pass\n 0 fail\n')).toEqual([])
})

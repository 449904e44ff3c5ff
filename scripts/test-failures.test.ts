import { expect, test } from 'bun:test'
import { failureReports } from './test-failures'

const passing = (n: number, name = 'fine') =>
  Array.from({ length: n }, (_, i) => `(pass) ${name} ${i} [1ms]`).join('\n')

test('each failure keeps the lines before and after it: its error, and a timeout reason printed below', () => {
  const stderr = `${passing(40, 'early')}
tests/e2e/a.test.ts:
error: locator.waitFor: Timeout 30000ms exceeded.
      at <anonymous> (/tmp/a.test.ts:3:93)
(fail) suite > two fails [30015.09ms]
  ^ this test timed out after 60000ms.
${passing(40)}

2 tests failed:
(fail) suite > two fails [30015.09ms]
`
  const [report, ...rest] = failureReports(stderr)
  expect(rest).toEqual([])
  expect(report).toContain('error: locator.waitFor: Timeout 30000ms exceeded.')
  expect(report).toContain('this test timed out after 60000ms')
  expect(report).not.toContain('early 0 ')
  expect(report!.split('\n').filter((line) => line.startsWith('(fail)'))).toHaveLength(1)
})

test('with --parallel an error printed after its (fail) line, or between tests, is still kept', () => {
  const stderr = `${passing(50)}
(fail) first [1ms]
(pass) other [1ms]
error: expect(received).toBe(expected)
${passing(50)}
# Unhandled error between tests
error: boom
${passing(50)}
`
  const reports = failureReports(stderr)
  expect(reports).toHaveLength(2)
  expect(reports[0]).toContain('(fail) first')
  expect(reports[0]).toContain('error: expect(received).toBe(expected)')
  expect(reports[1]).toContain('# Unhandled error between tests')
  expect(reports[1]).toContain('error: boom')
})

test('a passing run has none, and a run with many failures is cut short', () => {
  expect(failureReports(`${passing(3)}\n\n 3 pass\n 0 fail\n`)).toEqual([])
  const many = Array.from({ length: 100 }, (_, i) => `${passing(20)}\nerror: e${i}\n(fail) t${i} [1ms]`).join('\n')
  const total = failureReports(many).reduce((sum, report) => sum + report.split('\n').length, 0)
  expect(total).toBeLessThanOrEqual(400)
})

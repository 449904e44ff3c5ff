import { expect, test } from 'bun:test'
import { compareRounds } from './against'

const round = (earlier: number, current: number, cpu = [2000, 1000]) => ({
  earlier: { requestsPerSecond: earlier, cpuMicrosecondsPerRequest: cpu[0]! },
  current: { requestsPerSecond: current, cpuMicrosecondsPerRequest: cpu[1]! },
})

test('the ratio is taken round by round, so a slow moment on the machine falls on both sides of a pair', () => {
  // The machine halves in speed for the second round: the ratio of each side's median (900 / 500) would
  // pair the current server's round with another moment's.
  const summary = compareRounds([round(500, 1000), round(250, 600), round(520, 900)])
  expect(summary.ratio).toBe(2)
  expect(summary.ratioRange).toEqual([1.73, 2.4])
  expect(summary.earlier.requestsPerSecond).toBe(500)
  expect(summary.current.requestsPerSecond).toBe(900)
})

test('CPU per request is the median of each side', () => {
  const summary = compareRounds([
    round(500, 700, [2100, 1500]),
    round(480, 650, [1900, 1700]),
    round(510, 690, [2300, 1600]),
  ])
  expect(summary.earlier.cpuMicrosecondsPerRequest).toBe(2100)
  expect(summary.current.cpuMicrosecondsPerRequest).toBe(1600)
  expect(summary.ratio).toBe(1.35)
})

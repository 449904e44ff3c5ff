import { expect, test } from 'bun:test'
import { compareRounds, type SideRound } from './against'

const side = (requestsPerSecond: number, cpuMicrosecondsPerRequest: number, failures = 0): SideRound => ({
  requestsPerSecond,
  cpuMicrosecondsPerRequest,
  coresUsed: (requestsPerSecond * cpuMicrosecondsPerRequest) / 1e6,
  p99Ms: 10,
  bytesPerResponse: 10_000,
  errors: 0,
  status4xx5xx: failures,
})
const round = (earlier: number, current: number, cpu = [2000, 1000], failures = 0) => ({
  earlier: side(earlier, cpu[0]!),
  current: side(current, cpu[1]!, failures),
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

test('CPU per request is compared too: a faster server that only takes more of the machine shows no gain there', () => {
  const summary = compareRounds([
    round(500, 700, [2100, 2100]),
    round(480, 650, [1900, 2000]),
    round(510, 690, [2300, 2200]),
  ])
  expect(summary.ratio).toBe(1.35)
  expect(summary.earlier.cpuMicrosecondsPerRequest).toBe(2100)
  expect(summary.current.cpuMicrosecondsPerRequest).toBe(2100)
  expect(summary.cpuRatio).toBe(1)
  expect(summary.current.coresUsed).toBeGreaterThan(summary.earlier.coresUsed)
})

test('rounds where a server answered with errors are counted, not hidden in the medians', () => {
  const summary = compareRounds([round(500, 1000), round(500, 5000, [2000, 100], 12_000), round(500, 1000)])
  expect(summary.roundsWithFailures).toBe(1)
  expect(compareRounds([round(500, 1000)]).roundsWithFailures).toBe(0)
})

test('each ratio comes with an interval for its median, which narrows as rounds are added', () => {
  // Ten rounds of a real run on this machine (bench/against-6dc8671.json): ratios from 1.67 to 2.54.
  const ten = [
    907 / 542,
    1139 / 539,
    818 / 390,
    886 / 349,
    1235 / 491,
    1226 / 542,
    1074 / 583,
    1198 / 525,
    1065 / 562,
    1151 / 512,
  ]
  const summary = compareRounds(ten.map((ratio) => round(500, 500 * ratio)))
  const [low, high] = summary.ratioInterval95
  expect(low).toBeLessThan(summary.ratio)
  expect(high).toBeGreaterThan(summary.ratio)
  const [slowest, fastest] = summary.ratioRange
  expect(low).toBeGreaterThan(slowest!)
  expect(high).toBeLessThan(fastest!)
  // The same rounds four times over: the same median, known more closely.
  const forty = compareRounds([...ten, ...ten, ...ten, ...ten].map((ratio) => round(500, 500 * ratio)))
  expect(forty.ratio).toBe(summary.ratio)
  expect(forty.ratioInterval95[1] - forty.ratioInterval95[0]).toBeLessThan((high - low) / 1.5)
  // Rounds that all agree leave no doubt, and the interval is the same each time it is asked for.
  expect(compareRounds([round(500, 1000), round(400, 800), round(600, 1200)]).ratioInterval95).toEqual([2, 2])
  expect(compareRounds(ten.map((ratio) => round(500, 500 * ratio))).ratioInterval95).toEqual([low, high])
})

import { expect, test } from 'bun:test'
import { compareRounds, type SideRound } from './against'
import { medianInterval } from './rounds'

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

test('each ratio comes with a 95 % interval for its true median, from the rounds ranked by size', () => {
  // Ten rounds of a real run on this machine (bench/against-6dc8671.json at 6655233): ratios from 1.67 to 2.54.
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
  // The 2nd smallest and 2nd largest of ten rounds: at most one round below the true median, or at most one
  // above it, happens 2 × 11/1024 of the time.
  expect(summary.ratio).toBe(2.18)
  expect(summary.ratioInterval95).toEqual([1.84, 2.52])
  // Its ends are rounded outwards: a lower end of 1.995 is not announced as 2.
  const close = [1.995, 1.995, 2.1, 2.1, 2.1, 2.1, 2.1, 2.1, 2.201, 2.201]
  expect(compareRounds(close.map((ratio) => round(1000, 1000 * ratio))).ratioInterval95).toEqual([1.99, 2.21])
  // Forty rounds: the 14th to the 27th.
  const forty = Array.from({ length: 40 }, (_, i) => 1 + i / 100)
  expect(medianInterval(forty)).toEqual([forty[13]!, forty[26]!])
  // Six rounds are the fewest for 95 %: all six may only just do (1 - 2/64); five cannot.
  expect(medianInterval([3, 1, 2, 6, 5, 4])).toEqual([1, 6])
  expect(medianInterval([1, 2, 3, 4, 5])).toBeNull()
  expect(compareRounds([round(500, 1000)]).ratioInterval95).toBeNull()
  expect(compareRounds([round(500, 1000)]).cpuRatioInterval95).toBeNull()
})

test('the interval holds the true median at least 95 % of the time, however rounds vary', () => {
  // Rounds drawn from a skewed law whose median is 2 (2 × e^z, z normal): count how often it is missed.
  let state = 7
  const uniform = () => {
    state = (state * 48_271) % 2_147_483_647
    return state / 2_147_483_647
  }
  const round = () => 2 * Math.exp(0.25 * Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform()))
  for (const n of [6, 10, 40]) {
    let missed = 0
    for (let trial = 0; trial < 2000; trial++) {
      const [low, high] = medianInterval(Array.from({ length: n }, round))!
      if (low > 2 || high < 2) missed++
    }
    expect(missed / 2000).toBeLessThan(0.05)
  }
})

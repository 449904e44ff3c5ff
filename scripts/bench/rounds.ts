/**
 * Interleaved rounds: for each route, the limit server and the site take turns (limit, site, limit,
 * site…), so a busy moment on a shared machine falls on both, and each site round is compared with the
 * limit round just before it. Figures are medians over the rounds.
 */
import { type BenchServer, type CacheOutcomes, cpuMicroseconds, rssMB } from './processes'
import { runWrk, type WrkRun } from './wrk'

export interface BenchRoute {
  name: string
  /** A full path, or with `unique`, a prefix every request completes with a value never sent before. */
  path: string
  unique?: boolean
  /** The site servers measured on it, by name (the limit always is). */
  sites: string[]
}

export interface Round extends WrkRun {
  /** Server CPU time (user + system) over the round divided by the requests answered. */
  cpuMicrosecondsPerRequest: number
  peakRssMB: number
  /** Page-cache outcomes the site's request log reported during the round (null: no request log). */
  loggedCache: CacheOutcomes | null
}

export interface RouteRow {
  route: string
  path: string
  server: string
  requestsPerSecond: number
  /** Median of each round's req/s over the limit's in the round before it; 1 for the limit itself. */
  ratioToLimit: number
  ratioRange: [number, number]
  p50Ms: number
  p99Ms: number
  cpuMicrosecondsPerRequest: number
  bytesPerResponse: number
  peakRssMB: number
  errors: number
  status4xx5xx: number
  loggedCache: CacheOutcomes | null
  rounds: Round[]
}

const WARM_UP_SECONDS = 1
/** Request lines are gathered before they are written (a few times a second): a round's come a little later. */
const LOG_FLUSH_MS = 500
const RSS_SAMPLE_MS = 100

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * P(X ≤ k) for X ~ Binomial(n, 1/2): the chance that at most k of n rounds fall below the true median. The
 * terms are built in logarithms, as 2^-n underflows past a thousand rounds.
 */
function halfBinomialAtMost(n: number, k: number): number {
  let logTerm = -n * Math.LN2
  let sum = Math.exp(logTerm)
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i)
    sum += Math.exp(logTerm)
  }
  return sum
}

/**
 * Where the true median of the rounds' values lies, with at least `confidence`: the k-th smallest to the k-th
 * largest round, k as large as the binomial law of rounds falling either side of the median allows (the
 * order-statistic interval). It assumes nothing about the shape of the rounds' spread, only that they are
 * independent draws around one median. Null with too few rounds (under six for 95 %). On a shared machine
 * one round can differ from the next by a quarter, so a claim like "at least twice" needs the interval's
 * lower end, not the median: of ten rounds it is the 2nd smallest to the 2nd largest, of forty the 14th to
 * the 27th smallest.
 */
export function medianInterval(values: number[], confidence = 0.95): [number, number] | null {
  const sorted = [...values].sort((a, b) => a - b)
  const n = sorted.length
  let k = 0
  while (k + 1 <= n / 2 && 2 * halfBinomialAtMost(n, k) <= 1 - confidence) k++
  return k === 0 ? null : [sorted[k - 1]!, sorted[n - k]!]
}

const round2 = (value: number) => Math.round(value * 100) / 100

function load(server: BenchServer, route: BenchRoute, seconds: number): Promise<WrkRun> {
  if (!route.unique) return runWrk(`${server.url}${route.path}`, seconds)
  return runWrk(`${server.url}/`, seconds, 'unique', [route.path, crypto.randomUUID().slice(0, 8)])
}

async function measureRound(server: BenchServer, route: BenchRoute, seconds: number): Promise<Round> {
  const cacheBefore = server.loggedCache?.()
  const cpuBefore = cpuMicroseconds(server.pid)
  let peak = rssMB(server.pid)
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMB(server.pid))
  }, RSS_SAMPLE_MS)
  const run = await load(server, route, seconds).finally(() => clearInterval(sampler))
  const cpu = cpuMicroseconds(server.pid) - cpuBefore
  if (cacheBefore) await Bun.sleep(LOG_FLUSH_MS)
  const cacheAfter = server.loggedCache?.()
  return {
    ...run,
    cpuMicrosecondsPerRequest: run.requests > 0 ? Math.round((cpu / run.requests) * 10) / 10 : 0,
    peakRssMB: Math.round(Math.max(peak, rssMB(server.pid))),
    loggedCache:
      cacheBefore && cacheAfter
        ? { hit: cacheAfter.hit - cacheBefore.hit, miss: cacheAfter.miss - cacheBefore.miss }
        : null,
  }
}

function summarize(route: BenchRoute, server: string, rounds: Round[], limitRounds: Round[]): RouteRow {
  const ratios = rounds.map((r, i) => r.requestsPerSecond / limitRounds[i]!.requestsPerSecond)
  return {
    route: route.name,
    path: route.unique ? `${route.path}<unique>` : route.path,
    server,
    requestsPerSecond: Math.round(median(rounds.map((r) => r.requestsPerSecond))),
    ratioToLimit: round2(median(ratios)),
    ratioRange: [round2(Math.min(...ratios)), round2(Math.max(...ratios))],
    p50Ms: round2(median(rounds.map((r) => r.p50Ms))),
    p99Ms: round2(median(rounds.map((r) => r.p99Ms))),
    cpuMicrosecondsPerRequest: Math.round(median(rounds.map((r) => r.cpuMicrosecondsPerRequest)) * 10) / 10,
    bytesPerResponse: Math.round(median(rounds.map((r) => r.bytesPerResponse))),
    peakRssMB: Math.max(...rounds.map((r) => r.peakRssMB)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    status4xx5xx: rounds.reduce((sum, r) => sum + r.status4xx5xx, 0),
    loggedCache: rounds[0]!.loggedCache
      ? {
          hit: rounds.reduce((sum, r) => sum + r.loggedCache!.hit, 0),
          miss: rounds.reduce((sum, r) => sum + r.loggedCache!.miss, 0),
        }
      : null,
    rounds,
  }
}

/** One row for the limit and one per site server named by the route, after a short warm-up of each. */
export async function measureRoute(
  route: BenchRoute,
  limit: BenchServer,
  sites: BenchServer[],
  rounds: number,
  seconds: number,
): Promise<RouteRow[]> {
  const servers = [limit, ...route.sites.map((name) => sites.find((site) => site.name === name)!)]
  for (const server of servers) await load(server, route, WARM_UP_SECONDS)
  const runs = servers.map((): Round[] => [])
  for (let round = 0; round < rounds; round++) {
    for (const [i, server] of servers.entries()) runs[i]!.push(await measureRound(server, route, seconds))
  }
  return servers.map((server, i) => summarize(route, server.name, runs[i]!, runs[0]!))
}

/**
 * What counting visits costs (issue 42), the site with counting on and off (ANALYTICS=off) in one run, in
 * interleaved rounds: a cached page alone (what the counting must leave as it was), the beacon alone, and
 * visits (a page and its beacon, as a browser sends them). `bun run bench` runs it; `bun run
 * bench:analytics` alone.
 */
import { type BenchServer, cpuMicroseconds, startSite } from './processes'
import { median } from './rounds'
import { runWrk, type WrkScript } from './wrk'

export const ANALYTICS_SERVERS = { on: 'site, counting on', off: 'site, counting off (ANALYTICS=off)' }

export interface AnalyticsRow {
  name: string
  /** Requests a second, median of the rounds. */
  on: number
  off: number
  /** Median of each round's on/off. */
  ratio: number
  cpuMicrosecondsPerRequest: { on: number; off: number }
}

const round2 = (value: number) => Math.round(value * 100) / 100

async function measure(server: BenchServer, script: WrkScript, page: string, seconds: number) {
  const cpuBefore = cpuMicroseconds(server.pid)
  const run =
    script === 'fixed'
      ? await runWrk(`${server.url}${page}`, seconds)
      : await runWrk(`${server.url}/`, seconds, script, [server.url, page])
  if (run.errors > 0 || run.status4xx5xx > 0)
    throw new Error(`${script} on ${server.name}: ${run.errors} errors, ${run.status4xx5xx} answers ≥400`)
  return { rps: run.requestsPerSecond, cpu: (cpuMicroseconds(server.pid) - cpuBefore) / run.requests }
}

export async function benchAnalytics(rounds: number, seconds: number): Promise<AnalyticsRow[]> {
  const servers = [
    await startSite(ANALYTICS_SERVERS.on, { LOG_REQUESTS: 'false' }),
    await startSite(ANALYTICS_SERVERS.off, { LOG_REQUESTS: 'false', ANALYTICS: 'off' }),
  ]
  try {
    const page = '/blog'
    for (const server of servers) for (let i = 0; i < 2; i++) await (await fetch(`${server.url}${page}`)).arrayBuffer()
    const kinds: { name: string; script: WrkScript }[] = [
      { name: `cached page ${page}`, script: 'fixed' },
      { name: 'beacon (POST /api/analytics/event)', script: 'beacon' },
      { name: `visit: ${page}, then its beacon`, script: 'visit' },
    ]
    const rows: AnalyticsRow[] = []
    for (const { name, script } of kinds) {
      for (const server of servers) await measure(server, script, page, 1)
      const on: { rps: number; cpu: number }[] = []
      const off: { rps: number; cpu: number }[] = []
      for (let round = 0; round < rounds; round++) {
        off.push(await measure(servers[1]!, script, page, seconds))
        on.push(await measure(servers[0]!, script, page, seconds))
      }
      rows.push({
        name,
        on: Math.round(median(on.map((r) => r.rps))),
        off: Math.round(median(off.map((r) => r.rps))),
        ratio: round2(median(on.map((r, i) => r.rps / off[i]!.rps))),
        cpuMicrosecondsPerRequest: {
          on: Math.round(median(on.map((r) => r.cpu))),
          off: Math.round(median(off.map((r) => r.cpu))),
        },
      })
    }
    return rows
  } finally {
    for (const server of servers) await server.stop()
  }
}

export function analyticsLines(rows: AnalyticsRow[]): string[] {
  return [
    `\nCounting visits: ${ANALYTICS_SERVERS.on} against ${ANALYTICS_SERVERS.off}, interleaved rounds; medians`,
    ...rows.map(
      (row) =>
        `  ${row.name.padEnd(40)} on ${String(row.on).padStart(6)} req/s   off ${String(row.off).padStart(6)} req/s   on/off ${row.ratio.toFixed(2)}   CPU ${row.cpuMicrosecondsPerRequest.on}/${row.cpuMicrosecondsPerRequest.off} µs per request`,
    ),
  ]
}

if (import.meta.main) {
  const { requireWrk } = await import('./wrk')
  requireWrk()
  for (const line of analyticsLines(
    await benchAnalytics(Number(process.env.BENCH_ROUNDS ?? 3), Number(process.env.BENCH_SECONDS ?? 5)),
  ))
    console.log(line)
}

import type { RouteRow } from './rounds'

const number = (value: number) => value.toLocaleString('en')

function ratio(row: RouteRow): string {
  const [low, high] = row.ratioRange
  return low === high
    ? row.ratioToLimit.toFixed(2)
    : `${row.ratioToLimit.toFixed(2)} (${low.toFixed(2)}–${high.toFixed(2)})`
}

/** The load rows as a Markdown table, as issue notes quote them. */
export function loadTable(rows: RouteRow[]): string {
  const lines = [
    '| route | server | req/s | ratio to the limit (range over rounds) | p50 ms | p99 ms | CPU µs/req | RSS MB | bytes/resp | errors, ≥400 | page cache (log: hit/miss) |',
    '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ]
  for (const r of rows) {
    const path = r.path.length > 32 ? `${r.path.slice(0, 31)}…` : r.path
    // Files and the API are not pages: their log lines name no page-cache outcome.
    const logged = r.loggedCache && r.loggedCache.hit + r.loggedCache.miss > 0
    const cache = logged ? `${number(r.loggedCache!.hit)} / ${number(r.loggedCache!.miss)}` : ''
    lines.push(
      `| ${r.route} \`${path}\` | ${r.server} | ${number(r.requestsPerSecond)} | ${ratio(r)} | ${r.p50Ms} | ${r.p99Ms} | ${r.cpuMicrosecondsPerRequest} | ${r.peakRssMB} | ${number(r.bytesPerResponse)} | ${r.errors}, ${r.status4xx5xx} | ${cache} |`,
    )
  }
  return lines.join('\n')
}

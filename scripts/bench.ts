/** `bun run bench`: measurements that are reported, never asserted in tests. Results go to bench/results.json too. */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FRAMEWORK_FLOOR_LABEL, measureFrameworkFloor } from './bench/framework-floor'
import { benchLoad } from './bench/load'
import { benchSearch } from './bench/search'
import { measurePublicJavaScript } from './size'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${navigator.hardwareConcurrency} cores`,
  secondsPerRoute: seconds,
}

const soakSeconds = Number(process.env.SOAK_SECONDS ?? 60)
const load = await benchLoad(seconds, soakSeconds)
results.load = load
console.log(`Load: ${seconds} s per route at 64 connections, one production server process`)
console.log(
  '  route            path                                        req/s    ratio   p50 ms   p99 ms  errors  non-2xx  RSS MB',
)
for (const r of load.routes) {
  console.log(
    `  ${r.name.padEnd(16)} ${r.path.slice(0, 42).padEnd(42)} ${String(r.requestsPerSecond).padStart(7)} ${r.ratioToStatic.toFixed(2).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(8)} ${String(r.peakRssMB).padStart(7)}`,
  )
}
console.log(`  peak RSS ${load.peakRssMB} MB   cold start to first 200 on / ${load.coldStartMs} ms`)
console.log(
  `  upload of a ${load.upload.megabytes} MB phone photo to its 201 (variants made and stored): median ${load.upload.medianMs} ms, slowest ${load.upload.maxMs} ms of ${load.upload.runs}`,
)
if (load.soak) {
  const s = load.soak
  console.log(
    `\nSoak: ${s.seconds} s, 64 connections over the public pages and API: ${s.requests} requests, ${s.errors} errors, ${s.non2xx} non-2xx, RSS ${s.rssStartMB} MB at the start and ${s.rssEndMB} MB at the end`,
  )
}

const js = await measurePublicJavaScript()
results.publicJavaScript = js.map(({ path, gzipBytes, files }) => ({
  path,
  gzipKB: Math.round(gzipBytes / 102.4) / 10,
  files: files.length,
}))
console.log('\nPublic JavaScript per page (gzip)')
for (const page of js) console.log(`  ${page.path.padEnd(28)} ${(page.gzipBytes / 1024).toFixed(1).padStart(7)} KB`)
const floorBytes = await measureFrameworkFloor()
results.frameworkFloorGzipKB = Math.round(floorBytes / 102.4) / 10
console.log(`  ${FRAMEWORK_FLOOR_LABEL}: ${(floorBytes / 1024).toFixed(1)} KB`)

const search = await benchSearch()
results.search = search
console.log(
  `\nBlog search over ${search.posts.toLocaleString('en')} published posts (${search.queries} queries through the HTTP handler, content cache off)`,
)
console.log(`  p50 ${search.p50} ms   p95 ${search.p95} ms   p99 ${search.p99} ms   (goal: p95 < 20 ms)`)

const dir = join(import.meta.dir, '..', 'bench')
await mkdir(dir, { recursive: true })
await writeFile(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
console.log(`\nWrote ${join('bench', 'results.json')}`)

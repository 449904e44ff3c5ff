/** `bun run bench`: measurements that are reported, never asserted in tests. Results go to bench/results.json too. */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { newsletterCrashRun } from '../tests/support/newsletter-crash'
import { analyticsLines, benchAnalytics } from './bench/analytics'
import { FRAMEWORK_FLOOR_LABEL, measureFrameworkFloor } from './bench/framework-floor'
import { benchLoad } from './bench/load'
import { benchReplicaSearch } from './bench/replica-search'
import { benchSearch } from './bench/search'
import { benchStartUp, startUpLines } from './bench/start-up'
import { loadTable } from './bench/table'
import { CONNECTIONS, requireWrk } from './bench/wrk'
import { measurePublicJavaScript } from './size'

requireWrk()
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const soakSeconds = Number(process.env.SOAK_SECONDS ?? 60)
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${navigator.hardwareConcurrency} cores`,
  loadGenerator: `wrk, ${CONNECTIONS} connections, a browser's Accept and Accept-Encoding (br, gzip)`,
}

// First, while nothing else has run: start-up and memory.
const startUp = await benchStartUp()
results.startUp = startUp
for (const line of startUpLines(startUp)) console.log(line)

const load = await benchLoad(rounds, seconds, soakSeconds)
results.load = load
console.log(
  `\nLoad: wrk at ${CONNECTIONS} connections, ${rounds} interleaved rounds of ${seconds} s per route and server; medians`,
)
console.log(loadTable(load.routes))
console.log(
  `\nCold start to the first 200 on /: site ${load.coldStartMs.site} ms (fresh database, seeded), limit ${load.coldStartMs.limit} ms`,
)
console.log(`Site peak RSS ${load.sitePeakRssMB} MB; request log written: ${load.siteLogMB} MB`)
console.log(
  `Upload of a ${load.upload.megabytes} MB phone photo to its 201 (variants made and stored): median ${load.upload.medianMs} ms, slowest ${load.upload.maxMs} ms of ${load.upload.runs}`,
)
if (load.soak) {
  const s = load.soak
  console.log(
    `Soak: ${s.seconds} s, ${CONNECTIONS} connections round the cached routes: ${s.requests} requests, ${s.errors} errors, ${s.status4xx5xx} answers ≥400, RSS ${s.rssStartMB} MB at the start and ${s.rssEndMB} MB at the end`,
  )
}

const analytics = await benchAnalytics(rounds, seconds)
results.analytics = analytics
for (const line of analyticsLines(analytics)) console.log(line)

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

const replicaSearch = await benchReplicaSearch()
results.replicaSearch = replicaSearch
console.log(
  `\nUncached blog search over ${replicaSearch.posts.toLocaleString('en')} posts on a libSQL server (sqld on loopback), ${replicaSearch.queries} queries each way:`,
)
console.log(`  over HTTP             p50 ${replicaSearch.remote.p50} ms   p99 ${replicaSearch.remote.p99} ms`)
console.log(`  from a local replica  p50 ${replicaSearch.replica.p50} ms   p99 ${replicaSearch.replica.p99} ms`)

const newsletter = await newsletterCrashRun({ count: 10_000 })
results.newsletter = newsletter
console.log(
  `\nNewsletter to ${newsletter.subscribers.toLocaleString('en')} subscribers through a loopback SMTP server, the sender killed -9 after ${newsletter.deliveredBeforeKill.toLocaleString('en')} and restarted:`,
)
console.log(
  `  ${newsletter.recipients.toLocaleString('en')} subscribers reached, ${newsletter.deliveries.toLocaleString('en')} messages accepted (${newsletter.resends} resent with the same Message-ID), ${newsletter.seconds} s in all (the 5 s claim of the killed process included): ${newsletter.messagesPerSecond} messages/s`,
)

const dir = join(import.meta.dir, '..', 'bench')
await mkdir(dir, { recursive: true })
await writeFile(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
console.log(`\nWrote ${join('bench', 'results.json')}`)

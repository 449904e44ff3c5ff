/** `bun run bench`: measurements that are reported, never asserted in tests. Results go to bench/results.json too. */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { benchSearch } from './bench/search'
import { measurePublicJavaScript } from './size'

const results: Record<string, unknown> = { date: new Date().toISOString(), machine: `${navigator.hardwareConcurrency} cores` }

const js = await measurePublicJavaScript()
results.publicJavaScript = js.map(({ path, gzipBytes, files }) => ({ path, gzipKB: Math.round(gzipBytes / 102.4) / 10, files: files.length }))
console.log('Public JavaScript per page (gzip)')
for (const page of js) console.log(`  ${page.path.padEnd(12)} ${(page.gzipBytes / 1024).toFixed(1).padStart(7)} KB`)

const search = await benchSearch()
results.search = search
console.log(`\nBlog search over ${search.posts.toLocaleString('en')} published posts (${search.queries} queries through the HTTP handler)`)
console.log(`  p50 ${search.p50} ms   p95 ${search.p95} ms   p99 ${search.p99} ms   (goal: p95 < 20 ms)`)

const dir = join(import.meta.dir, '..', 'bench')
await mkdir(dir, { recursive: true })
await writeFile(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
console.log(`\nWrote ${join('bench', 'results.json')}`)

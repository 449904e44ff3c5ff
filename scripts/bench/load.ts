/**
 * Load figures for the production server, all against one process: requests per second and latency at
 * 64 connections per route, peak RSS, and cold start. Uses autocannon (a load generator from npm).
 */

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import autocannon from 'autocannon'
import { cameraJpeg } from '../../tests/support/images'

const ROOT = join(import.meta.dir, '..', '..')
const CONNECTIONS = 64

export interface RouteFigures {
  name: string
  path: string
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  ratioToStatic: number
  /** Highest RSS of the server while this route was loaded. */
  peakRssMB: number
}

export interface SoakFigures {
  seconds: number
  requests: number
  errors: number
  non2xx: number
  rssStartMB: number
  rssEndMB: number
}

export interface UploadFigures {
  /** Size of each photo sent, and the time from sending it to the 201 (processed and stored). */
  megabytes: number
  runs: number
  medianMs: number
  maxMs: number
}

export interface LoadFigures {
  upload: UploadFigures
  coldStartMs: number
  peakRssMB: number
  routes: RouteFigures[]
  soak: SoakFigures | null
}

function freePort(): number {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}

function rssMB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : 0
  } catch {
    return 0
  }
}

/**
 * The public text file closest in size to the home page, as the "static file" reference. Binary files
 * are left out: autocannon reads them several times slower (the client, not the server, is the limit).
 */
function referenceFile(targetBytes: number): string {
  const publicDir = join(ROOT, 'public')
  const files: { path: string; size: number }[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name)
      const stat = statSync(full)
      if (stat.isDirectory()) walk(full)
      else if (/\.(svg|txt|css|js|json|webmanifest)$/.test(name))
        files.push({ path: `/${relative(publicDir, full)}`, size: stat.size })
    }
  }
  walk(publicDir)
  return files.sort((a, b) => Math.abs(a.size - targetBytes) - Math.abs(b.size - targetBytes))[0]!.path
}

/** `[<id>]` in the URL becomes a different id in every request (autocannon's id replacement). */
function run(url: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip, br' },
        idReplacement: url.includes('[<id>]'),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

/** 64 connections cycling through the public pages and the JSON API. */
function soak(base: string, paths: string[], seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip, br' },
        requests: paths.map((path) => ({ method: 'GET', path })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

const UPLOAD_RUNS = 5

/** Upload-to-201 time of phone photos of about 4 MB (each a different picture, so none is deduplicated). */
async function benchUpload(base: string): Promise<{ upload: UploadFigures; mediaUrl: string }> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password: 'bench-password-1' }),
  })
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const times: number[] = []
  let bytes = 0
  let mediaUrl = ''
  for (let run = 0; run < UPLOAD_RUNS; run++) {
    const photo = await cameraJpeg({ width: 4000, height: 3000, quality: 92, seed: run + 1 })
    bytes = photo.byteLength
    const form = new FormData()
    form.append('file', new File([Uint8Array.from(photo)], `photo-${run}.jpg`, { type: 'image/jpeg' }))
    const started = performance.now()
    const res = await fetch(`${base}/api/media`, { method: 'POST', headers: { origin: base, cookie }, body: form })
    times.push(performance.now() - started)
    if (res.status !== 201) throw new Error(`Upload answered ${res.status}`)
    const variants = ((await res.json()) as { variants: { width: number; url: string }[] }).variants
    mediaUrl = variants.find((variant) => variant.width === 800)!.url
  }
  times.sort((a, b) => a - b)
  return {
    upload: {
      megabytes: Math.round(bytes / 10_000) / 100,
      runs: UPLOAD_RUNS,
      medianMs: Math.round(times[Math.floor(times.length / 2)]!),
      maxMs: Math.round(times.at(-1)!),
    },
    mediaUrl,
  }
}

export async function benchLoad(
  seconds = 10,
  soakSeconds = 60,
  extraEnv: Record<string, string> = {},
): Promise<LoadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'))
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const started = performance.now()
  const server = Bun.spawn(['bun', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'site.db')}`,
      LOG_REQUESTS: 'false',
      ADMIN_PASSWORD: 'bench-password-1',
      ...extraEnv,
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  let coldStartMs = 0
  for (;;) {
    try {
      if ((await fetch(`${base}/`)).status === 200) break
    } catch {
      await Bun.sleep(5)
    }
    if (performance.now() - started > 15_000) throw new Error('The server did not start')
  }
  coldStartMs = Math.round(performance.now() - started)

  let peakRss = rssMB(server.pid)
  let routePeakRss = 0
  const sampler = setInterval(() => {
    const rss = rssMB(server.pid)
    peakRss = Math.max(peakRss, rss)
    routePeakRss = Math.max(routePeakRss, rss)
  }, 200)

  const { upload, mediaUrl } = await benchUpload(base)
  const home = await (await fetch(`${base}/`)).text()
  const post = /href="\/blog\/([a-z0-9-]+)"/.exec(await (await fetch(`${base}/blog`)).text())?.[1]
  const job = /href="\/jobs\/([a-z0-9-]+)"/.exec(await (await fetch(`${base}/jobs`)).text())?.[1]
  const targets = [
    { name: 'static file', path: referenceFile(new TextEncoder().encode(home).byteLength) },
    { name: 'home', path: '/' },
    { name: 'blog', path: '/blog' },
    { name: 'post', path: `/blog/${post}` },
    { name: 'jobs', path: '/jobs' },
    { name: 'job', path: `/jobs/${job}` },
    { name: 'api list', path: '/api/blog' },
    { name: 'api search', path: '/api/blog/search?q=golf' },
    { name: 'media file', path: mediaUrl },
  ]
  const routes: RouteFigures[] = []
  const measure = async (target: { name: string; path: string }) => {
    routePeakRss = rssMB(server.pid)
    const result = await run(`${base}${target.path}`, seconds)
    const staticRps = routes[0]?.requestsPerSecond ?? result.requests.average
    routes.push({
      name: target.name,
      path: target.path,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      ratioToStatic: Math.round((result.requests.average / staticRps) * 100) / 100,
      peakRssMB: Math.round(Math.max(routePeakRss, rssMB(server.pid))),
    })
  }
  for (const target of targets) await measure(target)
  let soakFigures: SoakFigures | null = null
  if (soakSeconds > 0) {
    const rssStart = rssMB(server.pid)
    const result = await soak(
      base,
      targets.slice(1).map((t) => t.path),
      soakSeconds,
    )
    soakFigures = {
      seconds: soakSeconds,
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      rssStartMB: Math.round(rssStart),
      rssEndMB: Math.round(rssMB(server.pid)),
    }
  }
  // Last, so the figures above are not measured in a heap the flood has grown: every request a new URL,
  // junk the home page does not read, and searches no cache can answer.
  await measure({ name: 'unique ?x= /', path: '/?x=[<id>]' })
  await measure({ name: 'unique ?q= blog', path: '/blog?q=[<id>]' })
  clearInterval(sampler)
  server.kill('SIGTERM')
  await server.exited
  rmSync(dir, { recursive: true, force: true })
  return { upload, coldStartMs, peakRssMB: Math.round(peakRss), routes, soak: soakFigures }
}

/**
 * wrk (a C load generator; Debian's `wrk` package) driven with a browser's request headers. wrk reads
 * and counts bytes far faster than a JavaScript client on the same cores, so what it measures is the server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ANALYTICS_EVENT_PATH } from '../../src/shared/analytics-basics'

export const CONNECTIONS = 64
/** Two threads for two cores: wrk shares the machine with the server it loads. */
const THREADS = 2
/** What a current browser sends for a page. */
export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'br, gzip',
}

/** Prints one line of JSON when the run ends: counts, duration and latency percentiles (µs) from wrk's histogram. */
const SUMMARY = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"bytes":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.bytes, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`
const BEACON_LUA = `
local agent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
function init(args) origin = args[1]; page = args[2]; i = 0 end
function beacon()
  return wrk.format("POST", "${ANALYTICS_EVENT_PATH}", { ["Content-Type"] = "application/json", ["Origin"] = origin, ["User-Agent"] = agent },
    '{"event":"view","url":"' .. page .. '","referrer":"https://discord.com/"}')
end
`

/**
 * Scripts by what each request asks for. "fixed" asks for the URL given, with no Lua per request;
 * "unique" appends `<nonce>-<thread>-<counter>` to a path prefix, so no request repeats another; "cycle"
 * goes round a list of paths.
 */
const SCRIPTS = {
  fixed: SUMMARY,
  unique: `
local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
function init(args) prefix = args[1] .. args[2] .. "-" .. tid .. "-"; counter = 0 end
function request() counter = counter + 1; return wrk.format(nil, prefix .. counter) end
${SUMMARY}`,
  cycle: `
function init(args) paths = args; i = 0 end
function request() i = i % #paths + 1; return wrk.format(nil, paths[i]) end
${SUMMARY}`,
  /** The analytics beacon a page sends once shown (args: origin, page path), as a desktop Chrome sends it. */
  beacon: `
${BEACON_LUA}
function request() return beacon() end
${SUMMARY}`,
  /** A visit: the page, then its beacon, as a browser asks for them (args: origin, page path). */
  visit: `
${BEACON_LUA}
function request() i = i + 1; if i % 2 == 1 then return wrk.format("GET", page) end; return beacon() end
${SUMMARY}`,
}
export type WrkScript = keyof typeof SCRIPTS

export interface WrkRun {
  requests: number
  requestsPerSecond: number
  /** Bytes read per response, headers included. */
  bytesPerResponse: number
  p50Ms: number
  p99Ms: number
  /** Connect, read and write errors and timeouts (10 s). */
  errors: number
  /** Answers with a status of 400 or more (wrk counts those, not 3xx). */
  status4xx5xx: number
}

/** Stops `bun run bench` with the way to get wrk; tests never need it. */
export function requireWrk(): void {
  if (Bun.which('wrk')) return
  console.error('bun run bench needs wrk, the load generator: apt-get install -y wrk')
  process.exit(1)
}

let scriptDir: string | null = null
function scriptPath(script: WrkScript): string {
  if (!scriptDir) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'))
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
    scriptDir = dir
  }
  const path = join(scriptDir, `${script}.lua`)
  writeFileSync(path, SCRIPTS[script])
  return path
}

/** One run of wrk for `seconds` at 64 connections; `args` go to the script (a prefix and nonce, or paths). */
export async function runWrk(
  url: string,
  seconds: number,
  script: WrkScript = 'fixed',
  args: string[] = [],
): Promise<WrkRun> {
  const headers = Object.entries(BROWSER_HEADERS).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const wrk = Bun.spawn(
    [
      'wrk',
      `-t${THREADS}`,
      `-c${CONNECTIONS}`,
      `-d${Math.max(1, Math.round(seconds))}s`,
      '--timeout',
      '10s',
      '--latency',
      ...headers,
      '-s',
      scriptPath(script),
      url,
      ...(args.length > 0 ? ['--', ...args] : []),
    ],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  const [out, err, code] = await Promise.all([
    new Response(wrk.stdout).text(),
    new Response(wrk.stderr).text(),
    wrk.exited,
  ])
  const line = /^WRK_JSON (.*)$/m.exec(out)?.[1]
  if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}) on ${url}:\n${out}${err}`)
  const r = JSON.parse(line) as Record<string, number>
  return {
    requests: r.requests!,
    requestsPerSecond: Math.round(r.requests! / (r.durationUs! / 1e6)),
    bytesPerResponse: r.requests! > 0 ? Math.round(r.bytes! / r.requests!) : 0,
    p50Ms: Math.round(r.p50Us! / 10) / 100,
    p99Ms: Math.round(r.p99Us! / 10) / 100,
    errors: r.connect! + r.read! + r.write! + r.timeout!,
    status4xx5xx: r.status!,
  }
}

/**
 * The two servers a bench run loads, each in a process of its own, and what /proc says about them: CPU
 * time (user + system, every thread) and resident memory.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RecordedResponse } from './replay'

const ROOT = join(import.meta.dir, '..', '..')
const START_LIMIT_MS = 30_000
const CLOCK_TICKS_PER_SECOND = Number(Bun.spawnSync(['getconf', 'CLK_TCK']).stdout.toString().trim()) || 100

export interface BenchServer {
  name: string
  pid: number
  url: string
  /** Spawn to the first 200 on `/`. */
  coldStartMs: number
  /** Page-cache outcomes the request log has reported so far; absent when the server logs no requests. */
  loggedCache?: () => CacheOutcomes
  stop(): Promise<void>
}

export interface CacheOutcomes {
  hit: number
  miss: number
}

export function freePort(): number {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}

/** CPU time the process has used so far, in microseconds. */
export function cpuMicroseconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces): utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND
}

function statusKB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}
export const rssMB = (pid: number) => statusKB(pid, 'VmRSS') / 1024

/** The processes `pid` started (the site's image process), from each process's parent in /proc. */
export function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
      } catch {
        return false
      }
    })
    .map(Number)
}

/** What the process and the processes it started hold in memory together. */
export const treeRssMB = (pid: number) => rssMB(pid) + childPids(pid).reduce((sum, child) => sum + rssMB(child), 0)
/** The highest RSS the process has had. */
export const peakRssMB = (pid: number) => statusKB(pid, 'VmHWM') / 1024

async function firstOk(url: string, started: number, proc: Bun.Subprocess, name: string): Promise<number> {
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode} before answering`)
    try {
      const res = await fetch(url)
      await res.arrayBuffer()
      if (res.status === 200) return Math.round(performance.now() - started)
    } catch {
      await Bun.sleep(5)
    }
    if (performance.now() - started > START_LIMIT_MS) throw new Error(`${name} did not answer 200 on ${url}`)
  }
}

const OUTCOME = /"cache":"(hit|miss)"/g
/** Answers from memory are summed up in a line every few seconds (observability/answer-log.ts): hits, all of them. */
const FROM_MEMORY = /"message":"answered from memory","answers":(\d+)/g

/**
 * Reads the server's stdout to its end, as a container runtime does, counting its bytes and the page-cache
 * outcomes of its request lines (so a row meant to miss the cache can be seen to). Summed-up answers from
 * memory are counted as hits when their line comes, up to 10 s after them.
 */
function drainLog(stream: ReadableStream<Uint8Array>) {
  const counts = { bytes: 0, hit: 0, miss: 0 }
  void (async () => {
    const decoder = new TextDecoder()
    let partial = ''
    for await (const chunk of stream) {
      counts.bytes += chunk.byteLength
      const text = partial + decoder.decode(chunk, { stream: true })
      const end = text.lastIndexOf('\n') + 1
      for (const match of text.slice(0, end).matchAll(OUTCOME)) counts[match[1] as keyof CacheOutcomes]++
      for (const match of text.slice(0, end).matchAll(FROM_MEMORY)) counts.hit += Number(match[1])
      partial = text.slice(end)
    }
  })()
  return counts
}

/**
 * The production server (`bun dist/server/main.js` as `bun run start` runs it, NODE_ENV=production) of the checkout at `cwd` on a fresh
 * database, seeded at start as a new site is, or on the one in `databaseDir` (left in place when it stops);
 * its log goes to a pipe that is drained.
 */
export async function startSite(
  name: string,
  env: Record<string, string>,
  cwd = ROOT,
  databaseDir?: string,
): Promise<BenchServer & { logBytes: () => number }> {
  const dir = databaseDir ?? mkdtempSync(join(tmpdir(), 'bench-site-'))
  const removeDir = () => {
    if (!databaseDir) rmSync(dir, { recursive: true, force: true })
  }
  const port = freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  // An older checkout (bench:against) may predate the server bundle.
  const entry = existsSync(join(cwd, 'dist', 'server', 'main.js')) ? 'dist/server/main.js' : 'src/server/main.ts'
  const proc = Bun.spawn(['bun', entry], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'site.db')}`,
      ...env,
    },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const log = drainLog(proc.stdout)
  const coldStartMs = await firstOk(`${url}/`, started, proc, name).catch(async (error: unknown) => {
    proc.kill('SIGKILL')
    await proc.exited
    removeDir()
    throw error
  })
  return {
    name,
    pid: proc.pid,
    url,
    coldStartMs,
    logBytes: () => log.bytes,
    loggedCache: env.LOG_REQUESTS === 'false' ? undefined : () => ({ hit: log.hit, miss: log.miss }),
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
      removeDir()
    },
  }
}

/** The limit server (limit-server.ts) answering the recorded responses; `/` must be among them. */
export async function startLimit(name: string, recorded: RecordedResponse[]): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-limit-'))
  const file = join(dir, 'responses.json')
  writeFileSync(file, JSON.stringify(recorded))
  const port = freePort()
  const started = performance.now()
  const proc = Bun.spawn(['bun', join(import.meta.dir, 'limit-server.ts'), file, String(port)], {
    stdout: 'inherit',
    stderr: 'inherit',
  })
  const url = `http://127.0.0.1:${port}`
  const coldStartMs = await firstOk(`${url}/`, started, proc, name)
  return {
    name,
    pid: proc.pid,
    url,
    coldStartMs,
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * `bun run bench:against <revision> [path]`: this checkout's server against an earlier revision's, in the
 * same run, so a claim like "twice as fast as before" is measured on one machine at one moment rather than
 * against a figure from another day (shared machines drift by 20 % or more between runs).
 *
 * The revision is checked out into a temporary git worktree with its own locked dependencies and build.
 * Both production servers start on fresh seeded databases with the same settings; each is first loaded
 * alone for the warm-up, as the JIT keeps compiling under a new load for half a minute, then the two take
 * turns (earlier, current, earlier…). A path ending in `=` gets a value never sent before with each request
 * (the default, `/blog?q=`, is the bench's uncached search). Results go to bench/against-<revision>.json.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BenchServer, cpuMicroseconds, startSite } from './processes'
import { median } from './rounds'
import { requireWrk, runWrk } from './wrk'

const ROOT = join(import.meta.dir, '..', '..')

export interface PairedRound {
  earlier: { requestsPerSecond: number; cpuMicrosecondsPerRequest: number }
  current: { requestsPerSecond: number; cpuMicrosecondsPerRequest: number }
}

/** Medians of each server's rounds, and the median of current over earlier taken round by round. */
export function compareRounds(rounds: PairedRound[]) {
  const side = (key: 'earlier' | 'current') => ({
    requestsPerSecond: Math.round(median(rounds.map((round) => round[key].requestsPerSecond))),
    cpuMicrosecondsPerRequest: Math.round(median(rounds.map((round) => round[key].cpuMicrosecondsPerRequest))),
  })
  const ratios = rounds.map((round) => round.current.requestsPerSecond / round.earlier.requestsPerSecond)
  return {
    earlier: side('earlier'),
    current: side('current'),
    ratio: Math.round(median(ratios) * 100) / 100,
    ratioRange: [Math.min(...ratios), Math.max(...ratios)].map((r) => Math.round(r * 100) / 100),
  }
}

function run(command: string[], cwd: string): string {
  const result = Bun.spawnSync(command, { cwd, stdout: 'pipe', stderr: 'pipe' })
  if (result.exitCode !== 0)
    throw new Error(`${command.join(' ')} failed in ${cwd}:\n${result.stdout.toString()}${result.stderr.toString()}`)
  return result.stdout.toString().trim()
}

async function load(server: BenchServer, path: string, seconds: number) {
  const cpuBefore = cpuMicroseconds(server.pid)
  const wrk = path.endsWith('=')
    ? await runWrk(`${server.url}/`, seconds, 'unique', [path, crypto.randomUUID().slice(0, 8)])
    : await runWrk(`${server.url}${path}`, seconds)
  const cpu = cpuMicroseconds(server.pid) - cpuBefore
  if (wrk.errors > 0 || wrk.status4xx5xx > 0)
    console.warn(`  ${server.name}: ${wrk.errors} errors, ${wrk.status4xx5xx} answers ≥ 400`)
  return {
    requestsPerSecond: wrk.requestsPerSecond,
    cpuMicrosecondsPerRequest: wrk.requests > 0 ? Math.round(cpu / wrk.requests) : 0,
  }
}

async function main() {
  requireWrk()
  const [revision, path = '/blog?q='] = process.argv.slice(2)
  if (!revision) {
    console.error('usage: bun run bench:against <revision> [path]')
    process.exit(2)
  }
  const seconds = Number(process.env.BENCH_SECONDS ?? 5)
  const rounds = Number(process.env.BENCH_ROUNDS ?? 6)
  const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 30)
  const commit = run(['git', 'rev-parse', '--verify', `${revision}^{commit}`], ROOT)
  const current = run(['git', 'rev-parse', 'HEAD'], ROOT)
  const dirty = run(['git', 'status', '--porcelain', '--untracked-files=no'], ROOT) !== ''

  const tree = mkdtempSync(join(tmpdir(), 'bench-against-'))
  const servers: BenchServer[] = []
  try {
    console.log(`Checking out ${commit.slice(0, 7)} into ${tree}, installing its locked dependencies and building`)
    run(['git', 'worktree', 'add', '--detach', tree, commit], ROOT)
    run(['bun', 'install', '--frozen-lockfile'], tree)
    run(['bun', 'run', 'build'], tree)
    const env = { ADMIN_PASSWORD: 'bench-against-password' }
    const earlier = await startSite(`earlier (${commit.slice(0, 7)})`, env, tree)
    servers.push(earlier)
    const now = await startSite(`current (${current.slice(0, 7)}${dirty ? ', uncommitted changes' : ''})`, env, ROOT)
    servers.push(now)

    console.log(`Warm-up: ${warmUpSeconds} s of ${path} on each, alone`)
    for (const server of servers) await load(server, path, warmUpSeconds)
    const paired: PairedRound[] = []
    for (let round = 1; round <= rounds; round++) {
      const pair = { earlier: await load(earlier, path, seconds), current: await load(now, path, seconds) }
      console.log(
        `  round ${round}: earlier ${pair.earlier.requestsPerSecond} req/s (${pair.earlier.cpuMicrosecondsPerRequest} µs CPU each), current ${pair.current.requestsPerSecond} req/s (${pair.current.cpuMicrosecondsPerRequest} µs)`,
      )
      paired.push(pair)
    }
    const summary = compareRounds(paired)
    console.log(
      `\n${path}${path.endsWith('=') ? '<unique>' : ''}, ${rounds} rounds of ${seconds} s in turn, medians:\n` +
        `  ${earlier.name.padEnd(36)} ${String(summary.earlier.requestsPerSecond).padStart(7)} req/s ${String(summary.earlier.cpuMicrosecondsPerRequest).padStart(6)} µs CPU per request\n` +
        `  ${now.name.padEnd(36)} ${String(summary.current.requestsPerSecond).padStart(7)} req/s ${String(summary.current.cpuMicrosecondsPerRequest).padStart(6)} µs CPU per request\n` +
        `  current / earlier, round by round: ${summary.ratio} (${summary.ratioRange.join('–')})`,
    )
    const dir = join(ROOT, 'bench')
    await mkdir(dir, { recursive: true })
    const file = join(dir, `against-${commit.slice(0, 7)}.json`)
    await writeFile(
      file,
      `${JSON.stringify({ date: new Date().toISOString(), path, revisions: { earlier: commit, current, currentHasUncommittedChanges: dirty }, seconds, warmUpSeconds, rounds: paired, ...summary }, null, 2)}\n`,
    )
    console.log(`Written to ${file}`)
  } finally {
    for (const server of servers) await server.stop()
    Bun.spawnSync(['git', 'worktree', 'remove', '--force', tree], { cwd: ROOT })
    rmSync(tree, { recursive: true, force: true })
  }
}

if (import.meta.main) await main()

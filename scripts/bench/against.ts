/**
 * `bun run bench:against <revision> [path]`: this checkout's server against an earlier revision's, in the
 * same run, so a claim like "twice as fast as before" is measured on one machine at one moment rather than
 * against a figure from another day (shared machines drift by 20 % or more between runs).
 *
 * The revision is checked out into a temporary git worktree with its own locked dependencies and build.
 * Both production servers start on fresh seeded databases with the same settings; each is first loaded
 * alone for the warm-up, as the JIT keeps compiling under a new load for half a minute, then the two take
 * turns, each going first in every other round. A path ending in `=` gets a value never sent before with
 * each request, the same values for both sides of a round (the default, `/blog?q=`, is the bench's uncached
 * search). Each round records req/s and the server's CPU per request and cores used (a server with more
 * threads may be faster by taking more of the machine), and the answers that were not 2xx. Results go to
 * bench/against-<revision>.json.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BenchServer, cpuMicroseconds, startSite } from './processes'
import { median, medianInterval } from './rounds'
import { requireWrk, runWrk } from './wrk'

const ROOT = join(import.meta.dir, '..', '..')
const STEP_TIMEOUT_MS = 5 * 60_000

export interface SideRound {
  requestsPerSecond: number
  cpuMicrosecondsPerRequest: number
  /** CPU time over wall time: how much of the machine the server took. */
  coresUsed: number
  p99Ms: number
  bytesPerResponse: number
  /** Connection errors and timeouts, and answers of 400 or more: such a round measured something else. */
  errors: number
  status4xx5xx: number
}

export interface PairedRound {
  earlier: SideRound
  current: SideRound
}

const round2 = (value: number) => Math.round(value * 100) / 100
const range = (values: number[]) => [Math.min(...values), Math.max(...values)].map(round2)
/** Rounded outwards, so a lower end of 1.995 is never announced as 2. */
const interval = (values: number[]): [number, number] | null => {
  const found = medianInterval(values)
  return found && [Math.floor(found[0] * 100) / 100, Math.ceil(found[1] * 100) / 100]
}
const described = (found: [number, number] | null) =>
  found ? `true median within ${found.join('–')} at 95 %` : 'too few rounds for a 95 % interval'

/**
 * Medians of each server's rounds, and the medians of current over earlier taken round by round: req/s, and
 * CPU per request (earlier over current, so above 1 is less work), which more threads cannot raise. Each
 * ratio comes with the range of its rounds and a 95 % interval for its true median (medianInterval).
 */
export function compareRounds(rounds: PairedRound[]) {
  const side = (key: 'earlier' | 'current') => ({
    requestsPerSecond: Math.round(median(rounds.map((round) => round[key].requestsPerSecond))),
    cpuMicrosecondsPerRequest: Math.round(median(rounds.map((round) => round[key].cpuMicrosecondsPerRequest))),
    coresUsed: round2(median(rounds.map((round) => round[key].coresUsed))),
  })
  const ratios = rounds.map((round) => round.current.requestsPerSecond / round.earlier.requestsPerSecond)
  const cpuRatios = rounds.map(
    (round) => round.earlier.cpuMicrosecondsPerRequest / round.current.cpuMicrosecondsPerRequest,
  )
  const failed = (round: PairedRound) => [round.earlier, round.current].some((s) => s.errors > 0 || s.status4xx5xx > 0)
  return {
    earlier: side('earlier'),
    current: side('current'),
    ratio: round2(median(ratios)),
    ratioRange: range(ratios),
    ratioInterval95: interval(ratios),
    cpuRatio: round2(median(cpuRatios)),
    cpuRatioRange: range(cpuRatios),
    cpuRatioInterval95: interval(cpuRatios),
    roundsWithFailures: rounds.filter(failed).length,
  }
}

function run(command: string[], cwd: string): string {
  const result = Bun.spawnSync(command, { cwd, stdout: 'pipe', stderr: 'pipe', timeout: STEP_TIMEOUT_MS })
  if (result.exitCode !== 0)
    throw new Error(`${command.join(' ')} failed in ${cwd}:\n${result.stdout.toString()}${result.stderr.toString()}`)
  return result.stdout.toString().trim()
}

async function load(server: BenchServer, path: string, seconds: number, nonce: string): Promise<SideRound> {
  const cpuBefore = cpuMicroseconds(server.pid)
  const started = performance.now()
  const wrk = path.endsWith('=')
    ? await runWrk(`${server.url}/`, seconds, 'unique', [path, nonce])
    : await runWrk(`${server.url}${path}`, seconds)
  const cpu = cpuMicroseconds(server.pid) - cpuBefore
  const wallMicroseconds = (performance.now() - started) * 1000
  return {
    requestsPerSecond: wrk.requestsPerSecond,
    cpuMicrosecondsPerRequest: wrk.requests > 0 ? Math.round(cpu / wrk.requests) : 0,
    coresUsed: round2(cpu / wallMicroseconds),
    p99Ms: wrk.p99Ms,
    bytesPerResponse: wrk.bytesPerResponse,
    errors: wrk.errors,
    status4xx5xx: wrk.status4xx5xx,
  }
}

const summarise = (s: SideRound) =>
  `${s.requestsPerSecond} req/s, ${s.cpuMicrosecondsPerRequest} µs CPU each, ${s.coresUsed} cores${s.errors + s.status4xx5xx > 0 ? `, ${s.errors} errors and ${s.status4xx5xx} answers ≥ 400` : ''}`

async function main() {
  requireWrk()
  const [revision, path = '/blog?q='] = process.argv.slice(2)
  const seconds = Number(process.env.BENCH_SECONDS ?? 5)
  const rounds = Number(process.env.BENCH_ROUNDS ?? 6)
  const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 30)
  if (!revision || !(rounds >= 1 && seconds >= 1 && warmUpSeconds >= 0)) {
    console.error('usage: bun run bench:against <revision> [path]   (BENCH_ROUNDS ≥ 1, BENCH_SECONDS ≥ 1)')
    process.exit(2)
  }
  const commit = run(['git', 'rev-parse', '--verify', `${revision}^{commit}`], ROOT)
  const current = run(['git', 'rev-parse', 'HEAD'], ROOT)
  const dirty = run(['git', 'status', '--porcelain', '--untracked-files=no'], ROOT) !== ''

  const tree = mkdtempSync(join(tmpdir(), 'bench-against-'))
  const servers: BenchServer[] = []
  let cleaned: Promise<void> | null = null
  const cleanUp = () => {
    cleaned ??= (async () => {
      await Promise.allSettled(servers.map((server) => server.stop()))
      Bun.spawnSync(['git', 'worktree', 'remove', '--force', tree], { cwd: ROOT })
      rmSync(tree, { recursive: true, force: true })
      Bun.spawnSync(['git', 'worktree', 'prune'], { cwd: ROOT })
    })()
    return cleaned
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => cleanUp().finally(() => process.exit(130)))
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
    if (warmUpSeconds > 0) for (const server of servers) await load(server, path, warmUpSeconds, `warm${server.pid}`)
    const paired: PairedRound[] = []
    for (let round = 1; round <= rounds; round++) {
      const nonce = crypto.randomUUID().slice(0, 8)
      const measure = async (server: BenchServer) => load(server, path, seconds, nonce)
      // Each goes first in every other round: what one round leaves on the machine falls on both sides.
      const pair =
        round % 2 === 1
          ? { earlier: await measure(earlier), current: await measure(now) }
          : { current: await measure(now), earlier: await measure(earlier) }
      console.log(`  round ${round}: earlier ${summarise(pair.earlier)}; current ${summarise(pair.current)}`)
      paired.push(pair)
    }
    const summary = compareRounds(paired)
    const line = (name: string, s: ReturnType<typeof compareRounds>['earlier']) =>
      `  ${name.padEnd(40)} ${String(s.requestsPerSecond).padStart(7)} req/s ${String(s.cpuMicrosecondsPerRequest).padStart(6)} µs CPU per request ${s.coresUsed} cores`
    console.log(
      [
        `\n${path}${path.endsWith('=') ? '<unique>' : ''}, ${rounds} rounds of ${seconds} s in turn on ${navigator.hardwareConcurrency} cores, medians:`,
        line(earlier.name, summary.earlier),
        line(now.name, summary.current),
        `  req/s, current over earlier, round by round: ${summary.ratio} (rounds ${summary.ratioRange.join('–')}; ${described(summary.ratioInterval95)})`,
        `  CPU per request, earlier over current, round by round: ${summary.cpuRatio} (rounds ${summary.cpuRatioRange.join('–')}; ${described(summary.cpuRatioInterval95)})`,
        summary.roundsWithFailures > 0
          ? `  ${summary.roundsWithFailures} of ${rounds} rounds had errors or answers ≥ 400: they measured something else`
          : '  every answer of every round was below 400',
      ].join('\n'),
    )
    const dir = join(ROOT, 'bench')
    await mkdir(dir, { recursive: true })
    const file = join(dir, `against-${commit.slice(0, 7)}.json`)
    const machine = {
      cores: navigator.hardwareConcurrency,
      loadAverageAtEnd: loadavg().map(round2),
      bun: Bun.version,
    }
    await writeFile(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          path,
          revisions: { earlier: commit, current, currentHasUncommittedChanges: dirty },
          machine,
          seconds,
          warmUpSeconds,
          ...summary,
          rounds: paired,
        },
        null,
        2,
      )}\n`,
    )
    console.log(`Written to ${file}`)
  } finally {
    await cleanUp()
  }
}

if (import.meta.main) await main()

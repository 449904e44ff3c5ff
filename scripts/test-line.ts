/**
 * The whole test line (`bun run test`, what `.ci/run` runs): the checks side by side, then each suite in
 * turn, the unit and browser suites spreading their files over the cores (`bun test --parallel`), the
 * fuzzers beside the operations suite (which mostly waits on the servers it starts). On two cores the other
 * suites are busy enough to use them both: run side by side they only slowed each other past their timeouts. Each suite's output is printed whole when it ends, then the time of each stage with the CPU
 * time the machine spent meanwhile (other processes' included), and the number of tests.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { failureReports } from './test-failures'

interface Suite {
  name: string
  /** The package.json script it runs. */
  script: string
}

const suite = (name: string, script: string): Suite => ({ name, script })
/**
 * Each stage's suites run side by side; stages run in turn. The load suite (`bun run test:load`: floods of
 * the real server, refusals and memory bounds under them, bystanders' latency) runs on its own, as the
 * cluster and container suites do: with it this line took 617 to 695 s on two cores, past ten minutes.
 */
const STAGES: { name: string; suites: Suite[] }[] = [
  {
    name: 'checks (lint, typecheck, build)',
    suites: [suite('lint', 'lint'), suite('typecheck', 'typecheck'), suite('build', 'build')],
  },
  { name: 'unit and API', suites: [suite('unit and API', 'test:unit')] },
  { name: 'browser journeys', suites: [suite('e2e', 'test:e2e')] },
  // The operations suite mostly waits on the processes it starts: the fuzzers' few seconds of CPU fit beside it.
  { name: 'operations and fuzz', suites: [suite('ops', 'test:ops'), suite('fuzz', 'test:fuzz')] },
]

interface Outcome {
  suite: Suite
  ok: boolean
  ms: number
  tests: number
  /** Its output around each failure, printed again at the end. */
  failures: string[]
}

const logs = mkdtempSync(join(tmpdir(), 'test-line-'))
const outcomes: Outcome[] = []

/** A suite still running after this is stopped and counted failed, its output printed: a hang says where. */
const SUITE_TIMEOUT_MS = 15 * 60_000

async function run(suite: Suite): Promise<Outcome> {
  const started = performance.now()
  const log = join(logs, suite.script.replace(':', '-'))
  // Files, not pipes: a process a test leaves behind holding them must not keep the line waiting.
  const child = Bun.spawn(['bun', 'run', suite.script], {
    stdout: Bun.file(`${log}.out`),
    stderr: Bun.file(`${log}.err`),
    env: { ...process.env, FORCE_COLOR: '0' },
    timeout: SUITE_TIMEOUT_MS,
  })
  const ok = (await child.exited) === 0
  const timedOut = child.signalCode !== null && performance.now() - started >= SUITE_TIMEOUT_MS
  // bun test reports on stderr, console output goes to stdout.
  const reported = readFileSync(`${log}.err`, 'utf8')
  const output = `${readFileSync(`${log}.out`, 'utf8')}${reported}${
    timedOut ? `\nstopped after ${seconds(SUITE_TIMEOUT_MS)}` : ''
  }`
  const ms = performance.now() - started
  const tests = [...output.matchAll(/^Ran (\d+) tests? across/gm)].reduce((sum, match) => sum + Number(match[1]), 0)
  console.log(`\n===== ${suite.name} (bun run ${suite.script}): ${ok ? 'passed' : 'FAILED'} in ${seconds(ms)} =====`)
  console.log(output.trimEnd())
  const outcome = { suite, ok, ms, tests, failures: ok ? [] : failureReports(reported) }
  outcomes.push(outcome)
  return outcome
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/**
 * The time (ms) the machine's cores have spent busy so far, other processes' included, or null where it cannot be
 * read: a stage that kept about all of them busy was bound by them, one well below that waited on something.
 */
function busyMs(): number | null {
  const times = cpus().map((cpu) => cpu.times)
  if (times.length === 0) return null
  return times.reduce((sum, { user, nice, sys, irq }) => sum + user + nice + sys + irq, 0)
}
const cores = cpus().length

/** ": 812 s of CPU on the machine, 1.86 of 2 cores busy", when both readings were there. */
function cpuUse(busyBefore: number | null, ms: number): string {
  const busyAfter = busyMs()
  if (busyBefore === null || busyAfter === null || ms < 1000) return ''
  const busy = Math.max(0, busyAfter - busyBefore)
  return `: ${Math.round(busy / 1000)} s of CPU on the machine, ${(busy / ms).toFixed(2)} of ${cores} cores busy`
}

const started = performance.now()
const stageTimes: { name: string; ms: number; cpu: string }[] = []
async function stage(name: string, group: Suite[]) {
  const stageStarted = performance.now()
  const busyBefore = busyMs()
  const results = await Promise.all(group.map(run))
  const ms = performance.now() - stageStarted
  stageTimes.push({ name, ms, cpu: cpuUse(busyBefore, ms) })
  return results.every((result) => result.ok)
}

// Without the checks (the build above all) the suites would only repeat their failure.
let checked = true
for (const [index, { name, suites }] of STAGES.entries()) {
  const passed = await stage(name, suites)
  if (index === 0 && !passed) {
    checked = false
    break
  }
}
rmSync(logs, { recursive: true, force: true })

for (const { suite, failures } of outcomes)
  for (const failure of failures) console.log(`\n===== failed in ${suite.name} =====\n${failure}`)
console.log('\n===== test line =====')
for (const { name, ms, cpu } of stageTimes) console.log(`${seconds(ms).padStart(8)}  ${name}${cpu}`)
for (const { suite, ok, ms, tests } of outcomes)
  console.log(
    `${seconds(ms).padStart(8)}    ${suite.name}: ${ok ? 'passed' : 'FAILED'}${tests ? `, ${tests} tests` : ''}`,
  )
const total = outcomes.reduce((sum, outcome) => sum + outcome.tests, 0)
console.log(`${seconds(performance.now() - started).padStart(8)}  in all, ${total} tests`)
const failed = outcomes.filter((outcome) => !outcome.ok)
if (failed.length > 0 || !checked) {
  console.log(`failed: ${failed.map((outcome) => outcome.suite.name).join(', ')}`)
  process.exit(1)
}

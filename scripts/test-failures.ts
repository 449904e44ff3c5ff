/** Lines kept before a failure's anchor (its `(fail)` line): the code excerpt, the error and its stack. */
const LINES_BEFORE = 30
/** And after it: a timeout's reason is printed below its `(fail)` line. */
const LINES_AFTER = 4
/** The most a suite re-prints, however much failed: the rest is in its output above. */
const MAX_LINES = 400

/** What marks a failure: a failed test, or an error no test owns (a file that cannot load, between tests). */
const ANCHOR = /^\(fail\) |^# Unhandled error|^error: .*(?:Cannot find|SyntaxError)/

/**
 * The parts of `bun test`'s stderr around each failure, for the test line to print again at its end, where a
 * CI log that keeps only its tail still shows why a suite failed. The lines are kept as printed rather than
 * assigned to tests: with `--parallel` a file's lines come interleaved, and an error may follow its `(fail)`
 * line. Overlapping windows are merged; the summary bun prints after "N tests failed:" is left out.
 */
export function failureReports(stderr: string): string[] {
  const lines = stderr.split('\n')
  const summary = lines.findIndex((line) => /^\d+ tests? failed:$/.test(line))
  const end = summary === -1 ? lines.length : summary
  const windows: [number, number][] = []
  for (let index = 0; index < end; index++) {
    if (!ANCHOR.test(lines[index]!)) continue
    const from = Math.max(0, index - LINES_BEFORE)
    const to = Math.min(end, index + LINES_AFTER + 1)
    const last = windows.at(-1)
    if (last && from <= last[1]) last[1] = to
    else windows.push([from, to])
  }
  const reports: string[] = []
  let budget = MAX_LINES
  for (const [from, to] of windows) {
    const kept = lines
      .slice(from, to)
      .filter((text) => text.trim() !== '')
      .slice(0, budget)
    if (kept.length === 0) break
    reports.push(kept.join('\n'))
    budget -= kept.length
  }
  return reports
}

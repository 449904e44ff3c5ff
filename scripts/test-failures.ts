/** A block longer than this keeps its end: the error and where it was thrown. */
const MAX_BLOCK_LINES = 40

const TEST_RESULT = /^\((pass|fail|skip|todo)\) /
const FILE_HEADER = /^\S.*\.test\.tsx?:$/

/**
 * Each failed test's report from `bun test`'s stderr: the lines since the previous test's result or file
 * header, up to its `(fail)` line. The test line prints them again at its end, where a CI log that keeps
 * only its tail still shows why a test failed, not just that it did.
 */
export function failureReports(stderr: string): string[] {
  const lines = stderr.split('\n')
  // bun lists the failed tests again after "N tests failed:": those lines carry no report.
  const summary = lines.findIndex((line) => /^\d+ tests? failed:$/.test(line))
  const end = summary === -1 ? lines.length : summary
  const reports: string[] = []
  let blockStart = 0
  for (let index = 0; index < end; index++) {
    const line = lines[index]!
    if (line.startsWith('(fail) ')) {
      const block = lines.slice(blockStart, index + 1).filter((text) => text.trim() !== '')
      reports.push(block.slice(-MAX_BLOCK_LINES).join('\n'))
    }
    if (TEST_RESULT.test(line) || FILE_HEADER.test(line)) blockStart = index + 1
  }
  return reports
}
